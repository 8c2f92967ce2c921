/**
 * Request parts (typed parameter values and a body) to a GeneratedRequest, and the inverse:
 * path parameters are read back from the filled path, query and header strings are parsed
 * with their schemas, so a request shrinks without context.
 */
import type { GeneratedRequest } from '../../types.js';
import { isPlainObject } from '../helpers/deepEqual.js';
import type { OperationModel } from '../helpers/operationModel.js';
import { paramToText, textToParam } from '../helpers/paramText.js';

export interface RequestParts {
  /** Parameter values by `in:name`. */
  params: Record<string, unknown>;
  body?: unknown;
}

export function renderRequest(model: OperationModel) {
  return (parts: RequestParts): GeneratedRequest => {
    const op = model.operation;
    const request: GeneratedRequest = {
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      query: {},
      headers: {},
    };
    for (const p of model.params) {
      if (!Object.hasOwn(parts.params, p.key)) continue;
      const text = paramToText(parts.params[p.key]);
      if (p.in === 'path') request.path = request.path.replace(`{${p.name}}`, encodeURIComponent(text));
      else if (p.in === 'query') request.query[p.name] = text;
      else request.headers[p.name] = text;
    }
    if (Object.hasOwn(parts, 'body') && model.body) {
      request.body = parts.body;
      request.contentType = model.body.contentType;
    }
    return request;
  };
}

function pathParams(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]*)';
  });
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) throw new Error(`${path} does not fit ${template}`);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
}

export function parseRequest(model: OperationModel) {
  return (value: unknown): RequestParts => {
    if (!isPlainObject(value) || typeof value.path !== 'string') throw new Error('not a request');
    const req = value as unknown as GeneratedRequest;
    const fromPath = pathParams(model.operation.path, req.path);
    const params: Record<string, unknown> = {};
    for (const p of model.params) {
      const source = p.in === 'path' ? fromPath : p.in === 'query' ? req.query : req.headers;
      if (source && Object.hasOwn(source, p.name)) params[p.key] = textToParam(source[p.name], p.schema);
    }
    return Object.hasOwn(req, 'body') ? { params, body: req.body } : { params };
  };
}
