/**
 * Whether the contract says out-of-range values are clamped rather than rejected, in which
 * case a minimum/maximum violation is not an invalid request. The rule: the parameter or
 * its schema carries `x-clamped: true`, or its description says values are "treated as" or
 * "resolve to" something (the contract's wording for providers' page[number] and page[size]).
 */
const CLAMP_WORDING = /\b(treated as|resolves? to)\b/i;

interface Described {
  description?: unknown;
  'x-clamped'?: unknown;
}

export function isClamped(...sources: (Described | undefined)[]): boolean {
  return sources.some(
    (s) =>
      s !== undefined &&
      (s['x-clamped'] === true || (typeof s.description === 'string' && CLAMP_WORDING.test(s.description))),
  );
}
