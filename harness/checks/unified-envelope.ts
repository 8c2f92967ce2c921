import type { Check } from './scope.js';
import { describeJson, jsonOf, requireResponse, violation } from './scope.js';
import { isObject } from '../is-object.js';

/** Why a body is not `{error: {code: string, message: string, details?: object}}`, or null. */
function envelopeDefect(body: unknown): string | null {
  if (!isObject(body)) return 'body is not a JSON object';
  const error = body.error;
  if (!isObject(error)) return '`error` is not an object';
  if (typeof error.code !== 'string') return '`error.code` is not a string';
  if (typeof error.message !== 'string') return '`error.message` is not a string';
  if ('details' in error && error.details !== undefined && !isObject(error.details))
    return '`error.details` is not an object';
  return null;
}

/** The body is the unified error envelope (section 7), with the given code when one is given. */
export const expectUnifiedEnvelope: Check<string | undefined> = (exchange, code, scope) => {
  const response = requireResponse(exchange, scope);
  const body = jsonOf(response);
  const expected = `{error: {code: ${code ? `"${code}"` : 'string'}, message: string, details?: object}}`;
  const defect = envelopeDefect(body);
  if (defect)
    throw violation(scope, exchange, 'not the unified error envelope', expected, `${defect}: ${describeJson(body)}`);
  const actual = (body as { error: { code: string } }).error.code;
  if (code !== undefined && actual !== code) {
    throw violation(scope, exchange, 'unexpected error code', `code "${code}"`, `code "${actual}"`);
  }
};
