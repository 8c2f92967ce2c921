import type { Check } from './scope.js';
import { headerOf, quote, requireResponse, violation } from './scope.js';

export interface HeaderExpectation {
  name: string;
  /** A string must match exactly; a RegExp must match. Absent: any value. */
  value?: string | RegExp;
}

/** The response carries the header, with a matching value when one is given. */
export const expectHeader: Check<HeaderExpectation> = (exchange, { name, value }, scope) => {
  const response = requireResponse(exchange, scope);
  const actual = headerOf(response.headers, name);
  const wanted = value === undefined ? 'any value' : typeof value === 'string' ? `"${value}"` : String(value);
  if (actual === undefined) {
    throw violation(scope, exchange, `missing header ${name}`, `${name}: ${wanted}`, `no ${name} header`);
  }
  const matches = value === undefined || (typeof value === 'string' ? actual === value : value.test(actual));
  if (!matches) {
    throw violation(scope, exchange, `unexpected ${name} header`, `${name}: ${wanted}`, `${name}: "${quote(actual)}"`);
  }
};
