/**
 * 403 `forbidden` (sections 5.2, 5.4, 7): the answer to a missing or invalid key and to a closed
 * gate, shared by every family. Composed from bound checks, so violations keep their names.
 */
import type { Exchange } from '../../model.js';
import type { BoundChecks } from '../bound.js';

/**
 * 403 with code `forbidden` in the unified envelope. The status and the code name `rule`; a body
 * that is not the envelope at all names `shapeRule` when given (ENVELOPE-UNIFIED-SHAPE, for a
 * check that declares it), else `rule`.
 */
export function expectForbidden(expect: BoundChecks, ex: Exchange, rule: string, shapeRule?: string): void {
  expect.rules(rule).status(ex, 403);
  if (shapeRule !== undefined) expect.rules(shapeRule).unifiedEnvelope(ex);
  expect.rules(rule).unifiedEnvelope(ex, 'forbidden');
}

/** Error codes of either envelope: `errors[].code` or `error.code`. */
export function errorCodes(ex: Exchange): string[] {
  const body = ex.response?.json as { errors?: unknown; error?: { code?: unknown } } | undefined;
  if (Array.isArray(body?.errors))
    return body.errors.map((e: { code?: unknown } | null) => e?.code).filter((c): c is string => typeof c === 'string');
  return typeof body?.error?.code === 'string' ? [body.error.code] : [];
}

/**
 * 403 with code `forbidden` in either envelope, naming `expect`'s rules. Direct enrollment puts
 * its approval gate among its service failures (4.10) yet names `forbidden` as the gate's code
 * (section 7): `{error: {...}}` and `{errors: [...]}` may both carry it.
 */
export function expectForbiddenInEitherEnvelope(expect: BoundChecks, ex: Exchange): void {
  expect.status(ex, 403);
  expect.that(ex, {
    holds: errorCodes(ex).includes('forbidden'),
    title: 'refusal without code forbidden',
    expected: 'an error body with code "forbidden" ({error: {...}} or {errors: [...]})',
    observed: () => ex.response!.body.slice(0, 300),
  });
}
