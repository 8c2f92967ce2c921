import type { Check } from './scope.js';
import { describeJson, jsonOf, requireResponse, violation } from './scope.js';
import { isObject } from '../is-object.js';

/** Why a body is not `{errors: [{code, message, field?}, ...]}` (non-empty), or null. */
function envelopeDefect(body: unknown): string | null {
  if (!isObject(body)) return 'body is not a JSON object';
  const errors = body.errors;
  if (!Array.isArray(errors)) return '`errors` is not an array';
  if (errors.length === 0) return '`errors` is empty';
  for (const [i, entry] of errors.entries()) {
    if (!isObject(entry)) return `errors[${i}] is not an object`;
    if (typeof entry.code !== 'string') return `errors[${i}].code is not a string`;
    if (typeof entry.message !== 'string') return `errors[${i}].message is not a string`;
    if (entry.field !== undefined && typeof entry.field !== 'string') return `errors[${i}].field is not a string`;
  }
  return null;
}

/** The body is the direct-enrollment errors envelope (section 7), containing the code when given. */
export const expectErrorsEnvelope: Check<string | undefined> = (exchange, code, scope) => {
  const response = requireResponse(exchange, scope);
  const body = jsonOf(response);
  const expected = `{errors: [{code: ${code ? `"${code}"` : 'string'}, message: string, field?: string}, ...]}`;
  const defect = envelopeDefect(body);
  if (defect) throw violation(scope, exchange, 'not the errors envelope', expected, `${defect}: ${describeJson(body)}`);
  const codes = (body as { errors: { code: string }[] }).errors.map((e) => e.code);
  if (code !== undefined && !codes.includes(code)) {
    throw violation(
      scope,
      exchange,
      'expected error code missing',
      `an entry with code "${code}"`,
      `codes ${codes.map((c) => `"${c}"`).join(', ')}`,
    );
  }
};
