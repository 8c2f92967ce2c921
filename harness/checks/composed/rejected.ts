/** 400 in the unified envelope: a request the contract refuses (a missing, malformed or out-of-range parameter). */
import type { Exchange } from '../../model.js';
import type { BoundChecks } from '../bound.js';

/**
 * 400 whose status names `rule`; a body that is not the unified envelope names `shapeRule` when
 * given (ENVELOPE-UNIFIED-SHAPE, for a check that declares it), else `rule`.
 */
export function expectRejected(expect: BoundChecks, ex: Exchange, rule: string, shapeRule?: string): void {
  expect.rules(rule).status(ex, 400);
  expect.rules(shapeRule ?? rule).unifiedEnvelope(ex);
}
