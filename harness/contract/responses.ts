/**
 * Response validation against the loaded contract: status lookup, media type lookup and the
 * body schema. What the contract leaves open, or where it is defective, is `unspecified`:
 * the suite then asserts nothing about it instead of passing or failing it.
 */
import type { ErrorObject } from 'ajv';
import type { SchemaCompiler } from './compile.js';
import { DEFECT_MARKER } from './defects.js';
import { isJsonMediaType, mediaKeyFor, responseKeyFor } from './lookup.js';
import { valueAt } from './pointer.js';
import type { JsonObject, Operation, RequestLine, ResponseSpec, ValidationError, ValidationOutcome } from './types.js';
import { isObject } from '../is-object.js';

export interface ResponseContext {
  operation(operationId: string): Operation | undefined;
  match(method: string, concretePath: string): Operation | undefined;
  document: JsonObject;
  compiler: SchemaCompiler;
}

/**
 * The operation a check names; when the document does not have that id, the one the request's
 * method and URL match, so a renamed operation is still held to its schema.
 */
function operationFor(ctx: ResponseContext, operationId: string, request?: RequestLine): Operation | undefined {
  return ctx.operation(operationId) ?? (request ? ctx.match(request.method, request.url) : undefined);
}

/** The documented response for a status, or the outcome that ends the check early. */
export function documentedResponse(
  ctx: ResponseContext,
  operationId: string,
  status: number,
  request?: RequestLine,
): { op: Operation; key: string; response: ResponseSpec } | { outcome: ValidationOutcome } {
  const op = operationFor(ctx, operationId, request);
  if (!op) {
    const route = request ? ` and no operation matches ${request.method.toUpperCase()} ${request.url}` : '';
    return { outcome: { kind: 'unspecified', reason: `the contract has no operation ${operationId}${route}` } };
  }
  const documented = Object.keys(op.responses);
  const key = responseKeyFor(documented, status);
  if (key === undefined) return { outcome: { kind: 'undocumented-status', documented } };
  const raw = valueAt(ctx.document, ['paths', op.path, op.method.toLowerCase(), 'responses', key]);
  if (isObject(raw) && typeof raw[DEFECT_MARKER] === 'string') {
    return {
      outcome: { kind: 'unspecified', reason: `the response touches a defect of the contract (${raw[DEFECT_MARKER]})` },
    };
  }
  return { op, key, response: op.responses[key] };
}

export function validateResponse(
  ctx: ResponseContext,
  requestedId: string,
  status: number,
  contentType: string | undefined,
  body: unknown,
  request?: RequestLine,
): ValidationOutcome {
  const found = documentedResponse(ctx, requestedId, status, request);
  if ('outcome' in found) return found.outcome;
  const { op, key, response } = found;
  const operationId = op.operationId;
  const mediaTypes = Object.keys(response.content);
  if (mediaTypes.length === 0)
    return { kind: 'unspecified', reason: `the contract documents no body for ${key} of ${operationId}` };
  const mediaKey = mediaKeyFor(mediaTypes, contentType);
  if (mediaKey === undefined) {
    const message =
      `content type ${contentType ?? '(none)'} is not documented for ${key} ` +
      `(documented: ${mediaTypes.join(', ')})`;
    return contentType
      ? { kind: 'invalid', errors: [{ path: 'content-type', message }] }
      : { kind: 'unspecified', reason: message };
  }
  const media = response.content[mediaKey];
  if (!('schema' in media))
    return { kind: 'unspecified', reason: `no schema for ${mediaKey} in ${key} of ${operationId}` };
  const segments = ['paths', op.path, op.method.toLowerCase(), 'responses', key, 'content', mediaKey, 'schema'];
  const compiled = ctx.compiler.compile(`response ${operationId} ${key} ${mediaKey}`, media.schema, {
    segments,
    operationId,
  });
  if ('unspecified' in compiled) return { kind: 'unspecified', reason: compiled.unspecified };
  if (body === undefined && isJsonMediaType(mediaKey))
    return { kind: 'invalid', errors: [{ path: '', message: 'the body is not JSON' }] };
  return compiled.validate(body)
    ? { kind: 'valid' }
    : { kind: 'invalid', errors: toValidationErrors(compiled.validate.errors) };
}

export function toValidationErrors(errors: ErrorObject[] | null | undefined, prefix = ''): ValidationError[] {
  return (errors ?? []).map((e) => ({ path: prefix + (e.instancePath || (prefix ? '' : '/')), message: describe(e) }));
}

/** ajv's message plus the detail a reader needs (which property, which values). */
function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    return `${error.message}: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'additionalProperties' && params.additionalProperty)
    return `${error.message}: ${String(params.additionalProperty)}`;
  return error.message ?? error.keyword;
}
