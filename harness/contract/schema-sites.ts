/**
 * Where schemas sit in an OpenAPI document (not following `$ref`s): the roots that are
 * checked against the JSON Schema meta-schema, each with its pointer and operation.
 */
import type { JsonObject } from './types.js';
import { isObject } from '../is-object.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface SchemaSite {
  segments: string[];
  schema: unknown;
  operationId?: string;
}

type Sites = SchemaSite[];

export function schemaSites(doc: JsonObject): Sites {
  const sites: Sites = [];
  const components = isObject(doc.components) ? doc.components : {};
  for (const [name, schema] of entries(components.schemas))
    sites.push({ segments: ['components', 'schemas', name], schema });
  for (const [name, p] of entries(components.parameters))
    parameterSites(p, ['components', 'parameters', name], undefined, sites);
  for (const [name, h] of entries(components.headers))
    parameterSites(h, ['components', 'headers', name], undefined, sites);
  for (const [name, b] of entries(components.requestBodies))
    contentSites(b, ['components', 'requestBodies', name], undefined, sites);
  for (const [name, r] of entries(components.responses))
    responseSites(r, ['components', 'responses', name], undefined, sites);
  for (const [path, item] of entries(doc.paths)) pathItemSites(item, ['paths', path], sites);
  return sites.filter((site) => !isRef(site.schema));
}

function pathItemSites(item: unknown, at: string[], sites: Sites): void {
  if (!isObject(item)) return;
  listSites(item.parameters, [...at, 'parameters'], undefined, sites);
  for (const method of HTTP_METHODS) {
    const op = item[method];
    if (!isObject(op)) continue;
    const here = [...at, method];
    const id = typeof op.operationId === 'string' ? op.operationId : undefined;
    listSites(op.parameters, [...here, 'parameters'], id, sites);
    contentSites(op.requestBody, [...here, 'requestBody'], id, sites);
    for (const [status, r] of entries(op.responses)) responseSites(r, [...here, 'responses', status], id, sites);
  }
}

function listSites(list: unknown, at: string[], id: string | undefined, sites: Sites): void {
  if (Array.isArray(list)) for (const [i, p] of list.entries()) parameterSites(p, [...at, String(i)], id, sites);
}

/** Parameter and header objects: `schema`, or `content` with schemas. */
function parameterSites(p: unknown, at: string[], id: string | undefined, sites: Sites): void {
  if (!isObject(p) || isRef(p)) return;
  if ('schema' in p) sites.push({ segments: [...at, 'schema'], schema: p.schema, operationId: id });
  contentSites(p, at, id, sites);
}

function responseSites(r: unknown, at: string[], id: string | undefined, sites: Sites): void {
  if (!isObject(r) || isRef(r)) return;
  contentSites(r, at, id, sites);
  for (const [name, h] of entries(r.headers)) parameterSites(h, [...at, 'headers', name], id, sites);
}

function contentSites(holder: unknown, at: string[], id: string | undefined, sites: Sites): void {
  if (!isObject(holder) || isRef(holder)) return;
  for (const [type, media] of entries(holder.content)) {
    if (isObject(media) && 'schema' in media)
      sites.push({ segments: [...at, 'content', type, 'schema'], schema: media.schema, operationId: id });
  }
}

function entries(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value) : [];
}

function isRef(value: unknown): boolean {
  return isObject(value) && typeof value.$ref === 'string';
}
