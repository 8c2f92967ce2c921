/**
 * The operations of a dereferenced document, in the shape the checks use: one entry per
 * path and method, with path-level parameters merged in and responses normalised.
 */
import { HTTP_METHODS } from './schema-sites.js';
import type { JsonObject, Operation, ResponseSpec } from './types.js';
import { isObject } from '../is-object.js';

export function collectOperations(document: JsonObject): Operation[] {
  const operations: Operation[] = [];
  const docSecurity = Array.isArray(document.security) ? document.security : [];
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    const shared = objects(item.parameters);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      operations.push({
        // A document without operationIds still yields usable, stable names.
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: mergeParameters(shared, objects(op.parameters)),
        ...(isObject(op.requestBody) ? { requestBody: op.requestBody } : {}),
        responses: normaliseResponses(op.responses),
        security: (Array.isArray(op.security) ? op.security : docSecurity) as Operation['security'],
        ...(op['x-side-effects'] === true ? { sideEffects: true } : {}),
        ...(Array.isArray(op.tags) ? { tags: op.tags.filter((t): t is string => typeof t === 'string') } : {}),
      });
    }
  }
  return operations;
}

/** Operation-level parameters override path-level ones with the same name and location. */
function mergeParameters(shared: JsonObject[], own: JsonObject[]): JsonObject[] {
  const key = (p: JsonObject) => `${String(p.in)}:${String(p.name)}`;
  const ownKeys = new Set(own.map(key));
  return [...shared.filter((p) => !ownKeys.has(key(p))), ...own];
}

function normaliseResponses(responses: unknown): Record<string, ResponseSpec> {
  const out: Record<string, ResponseSpec> = {};
  for (const [status, response] of Object.entries(isObject(responses) ? responses : {})) {
    const r = isObject(response) ? response : {};
    out[status] = {
      description: typeof r.description === 'string' ? r.description : '',
      headers: objectMap(r.headers),
      content: objectMap(r.content),
    };
  }
  return out;
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function objectMap(value: unknown): Record<string, JsonObject> {
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, JsonObject] => isObject(entry[1])));
}
