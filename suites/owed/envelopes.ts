/**
 * The error envelope each family answers its refusals in (section 7): the unified envelope for
 * every failure the edge generates (a missing or invalid key, 413, 415, 429) and for most service
 * errors; direct enrollment's own service failures in `errors[]`. Its approval gate is one of
 * those service failures (4.10: "authorization failures") while section 7 names `forbidden` for
 * the gate: either envelope may carry it. A new family is one entry.
 */
import { expectForbidden, expectForbiddenInEitherEnvelope } from '../../harness/checks/index.js';
import type { Family } from '../../harness/model.js';
import type { CheckContext, Exchange } from '../../harness/suite/index.js';

interface FamilyEnvelope {
  /** A service failure's: a refused parameter, member or body, an unknown item. */
  service: 'unified' | 'errors';
  /** The approval gate's 403. */
  gate: 'unified' | 'either';
}

const UNIFIED: FamilyEnvelope = { service: 'unified', gate: 'unified' };

const ENVELOPES: Readonly<Record<Family, FamilyEnvelope>> = {
  utility: UNIFIED,
  reference: UNIFIED,
  quotes: UNIFIED,
  'enrollment-sessions': UNIFIED,
  'policy-status': UNIFIED,
  enrollments: { service: 'errors', gate: 'either' },
  'legacy-ichra': UNIFIED,
  medicare: UNIFIED,
};

export const UNIFIED_SHAPE = 'ENVELOPE-UNIFIED-SHAPE';
const ERRORS_SHAPE = 'ENVELOPE-ERRORS-SHAPE';

/** The rule stating the shape of `family`'s service failures. */
export const serviceShapeRule = (family: Family): string =>
  ENVELOPES[family].service === 'errors' ? ERRORS_SHAPE : UNIFIED_SHAPE;

/** That envelope in a check's title. */
export const serviceEnvelopeName = (family: Family): string =>
  ENVELOPES[family].service === 'errors' ? 'errors[] envelope' : 'unified envelope';

/** The shape rules a check of the gate names: the unified one, unless the family's gate may answer in either. */
export const gateShapeRules = (family: Family): string[] =>
  ENVELOPES[family].gate === 'unified' ? [UNIFIED_SHAPE] : [];

/** The gate's 403 `forbidden`, in the envelope the family's gate answers in, naming `rule`. */
export function expectGateRefusal(t: CheckContext, family: Family, ex: Exchange, rule: string): void {
  if (ENVELOPES[family].gate === 'unified') expectForbidden(t.expect, ex, rule, UNIFIED_SHAPE);
  else expectForbiddenInEitherEnvelope(t.expect.rules(rule), ex);
}

/** Statuses the edge answers with before any service (section 7), in the unified envelope on every family. */
const EDGE_STATUSES: readonly number[] = [403, 413, 415, 429];

/**
 * A refusal (4xx) in its family's service envelope, naming the shape rule and `also` (the rules whose statement
 * names the envelope); other statuses are not refusals to judge. On a family whose service failures are
 * `errors[]`, a status only the edge (or the gate) answers with is left to the checks of those: the edge's envelope
 * is not the service's.
 */
export function expectServiceRefusalShape(
  t: CheckContext,
  family: Family,
  ex: Exchange,
  also: readonly string[] = [],
): void {
  const status = ex.response?.status ?? 0;
  if (status < 400 || status > 499) return;
  if (ENVELOPES[family].service === 'unified') t.expect.rules(UNIFIED_SHAPE, ...also).unifiedEnvelope(ex);
  else if (!EDGE_STATUSES.includes(status)) t.expect.rules(ERRORS_SHAPE, ...also).errorsEnvelope(ex);
}

/**
 * An answer with one of `statuses` (naming `statusRules`, whose statements name its envelope too): in the unified
 * envelope when it is `edge`, the status the edge answers with, else a refusal in the family's service envelope (a
 * 400 the document allows instead). A refusal of the edge's kind answered 400 may come from the edge or from the
 * service (the provider's EnrollmentError: the shape depends on where the failure is generated), so a body with
 * `errors` is held to the service's envelope and any other to the unified one.
 */
export function expectRefusal(
  t: CheckContext,
  family: Family,
  ex: Exchange,
  statusRules: readonly string[],
  statuses: readonly number[],
  edge?: number,
): void {
  t.expect.rules(...statusRules).status(ex, statuses);
  const fromEdge = ex.response!.status === edge || (edge !== undefined && !carriesErrorsList(ex));
  if (fromEdge) t.expect.rules(UNIFIED_SHAPE, ...statusRules).unifiedEnvelope(ex);
  else expectServiceRefusalShape(t, family, ex, statusRules);
}

/** The body has a top-level `errors` member: the service's envelope of direct enrollment, whatever its shape. */
const carriesErrorsList = (ex: Exchange): boolean => {
  const json = ex.response?.json;
  return typeof json === 'object' && json !== null && 'errors' in json;
};
