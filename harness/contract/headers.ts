/**
 * Response header validation: documented headers that are present must match their schema
 * (header values are text, so ajv coerces them: `Retry-After: 3` is an integer); required
 * ones must be present. `Content-Type` is not a documented header in OpenAPI's sense.
 */
import type { SchemaCompiler } from './compile.js';
import { DEFECT_MARKER } from './defects.js';
import { documentedResponse, toValidationErrors, type ResponseContext } from './responses.js';
import type { RequestLine, ValidationError, ValidationOutcome } from './types.js';

export function validateHeaders(
  ctx: ResponseContext & { headerCompiler: SchemaCompiler },
  requestedId: string,
  status: number,
  headers: Record<string, string>,
  request?: RequestLine,
): ValidationOutcome {
  const found = documentedResponse(ctx, requestedId, status, request);
  if ('outcome' in found) return found.outcome;
  const { op, key, response } = found;
  const operationId = op.operationId;
  const actual = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const errors: ValidationError[] = [];
  for (const [name, header] of Object.entries(response.headers)) {
    if (name.toLowerCase() === 'content-type' || typeof header[DEFECT_MARKER] === 'string') continue;
    const value = actual.get(name.toLowerCase());
    if (value === undefined) {
      if (header.required === true) errors.push({ path: `header:${name}`, message: 'required header is missing' });
      continue;
    }
    if (!('schema' in header)) continue;
    const segments = ['paths', op.path, op.method.toLowerCase(), 'responses', key, 'headers', name, 'schema'];
    const compiled = ctx.headerCompiler.compile(
      `header ${operationId} ${key} ${name}`,
      header.schema,
      { segments, operationId },
      wrapValue,
    );
    if ('unspecified' in compiled) continue;
    // Coercion rewrites the data in place; validate a throwaway holder.
    if (!compiled.validate({ value }))
      errors.push(...toValidationErrors(compiled.validate.errors, `header:${name}`).map(stripHolder));
  }
  return errors.length === 0 ? { kind: 'valid' } : { kind: 'invalid', errors };
}

function wrapValue(schema: unknown): unknown {
  return { type: 'object', properties: { value: schema } };
}

function stripHolder(error: ValidationError): ValidationError {
  return { ...error, path: error.path.replace(/\/value(?=\/|$)/, '') };
}
