/**
 * Observations on direct-enrollment responses the check library does not cover: list rows and
 * pagination (read by application-reader.ts), the policy-status enum, and an expected refusal.
 */
import type { BoundChecks } from '../../harness/checks/bound.js';
import type { Exchange } from '../../harness/suite/index.js';
import {
  applicationIdOf,
  applicationMember,
  applicationRowsOf,
  nextActionsOf,
  paginationOf,
  type Json,
} from './application-reader.js';
import { ROUND_TRIP_MEMBERS } from './requests.js';
import { POLICY_STATUSES } from '../../harness/model.js';

/** Ids of rows, in order (rows without an id are kept as `?` so counts stay right). */
export const rowIds = (rows: readonly Json[]): string[] => rows.map((r) => applicationIdOf(r) ?? '?');

/** The rows of a 200 list, or a violation of `expect`'s rules saying the body has none. */
export function expectRows(expect: BoundChecks, ex: Exchange): Json[] {
  expect.status(ex, 200);
  const rows = applicationRowsOf(ex.response?.json);
  expect.that(ex, {
    holds: rows !== undefined,
    title: 'no application rows',
    expected: 'a list body with an array of applications (`applications`)',
    observed: () => ex.response!.body.slice(0, 300),
  });
  return rows!;
}

/** A 200 list shows its pagination (`pagination`, with limit and offset). */
export function expectPagination(expect: BoundChecks, ex: Exchange): void {
  const page = paginationOf(ex.response?.json);
  expect.that(ex, {
    holds: page !== undefined && Number.isInteger(page.limit) && Number.isInteger(page.offset),
    title: 'no pagination metadata',
    expected: 'pagination: {limit, offset, total} (integers)',
    observed: () => `pagination ${JSON.stringify(page)}`,
  });
}

/** When the body shows a policy_status, it is one of the six states of section 3. */
export function expectPolicyStatusInEnum(expect: BoundChecks, ex: Exchange): void {
  const status = (ex.response?.json as Json | undefined)?.policy_status;
  expect.that(ex, {
    holds: status === undefined || (POLICY_STATUSES as readonly unknown[]).includes(status),
    title: 'policy_status outside the six states',
    expected: `policy_status one of ${POLICY_STATUSES.join(', ')}`,
    observed: `policy_status ${JSON.stringify(status)}`,
  });
}

/**
 * The statuses of a refusal where the contract states none: any 4xx but 404 (the application
 * exists) and 429 (the rate limit, not a refusal of the request).
 */
export const ANY_REFUSAL: readonly number[] = Array.from({ length: 100 }, (_, i) => 400 + i).filter(
  (s) => s !== 404 && s !== 429,
);

/** A refusal whose status the contract does not state: any of ANY_REFUSAL, in the errors[] envelope, any code. */
export function expectAnyRefusal(expect: BoundChecks, ex: Exchange): void {
  const status = ex.response?.status;
  expect.that(ex, {
    holds: status !== undefined && ANY_REFUSAL.includes(status),
    title: 'not refused',
    expected: 'a 4xx other than 404 and 429 (the contract states no status for this refusal)',
    observed: () => `status ${status ?? 'none'}: ${(ex.response?.body ?? String(ex.error)).slice(0, 300)}`,
  });
  expect.errorsEnvelope(ex);
}

/** A string path (relative, or on any host) on a public /v1/enrollments route (2.8). */
const ENROLLMENTS_HREF = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]+)?\/v1\/enrollments(?:[/?#]|$)/;

/** The next_actions hrefs of an answer that are not on a public /v1/enrollments route (2.8). */
export const strayHrefs = (body: unknown): unknown[] =>
  nextActionsOf(body)
    .map((a) => a.href)
    .filter((h) => typeof h !== 'string' || !ENROLLMENTS_HREF.test(h));

/** A refused state change: `status` in the errors[] envelope with `code` when given. */
export function expectRefused(
  expect: BoundChecks,
  ex: Exchange,
  status: number | readonly number[],
  code?: string,
): void {
  expect.status(ex, status);
  expect.errorsEnvelope(ex, code);
}

/**
 * Members of the request the application shows otherwise than they were sent (one it does not show is not compared).
 */
function membersShownOtherwise(request: Json, body: unknown, members: readonly string[]): string[] {
  return members
    .filter((path) => {
      const shown = applicationMember(body, path);
      return shown !== undefined && shown !== applicationMember(request, path);
    })
    .map((path) => {
      const [sent, shown] = [applicationMember(request, path), applicationMember(body, path)];
      return `${path} ${JSON.stringify(sent)} -> ${JSON.stringify(shown)}`;
    });
}

/**
 * The application an answer shows holds `members` (ROUND_TRIP_MEMBERS: the external_id, names
 * and date of birth) as the request sent them: a create's (ENR-CREATE-DATA-ROUND-TRIP) or a PUT's.
 */
export function expectSentShown(
  expect: BoundChecks,
  ex: Exchange,
  request: Json,
  members: readonly string[] = ROUND_TRIP_MEMBERS,
): void {
  const changed = membersShownOtherwise(request, ex.response?.json, members);
  expect.that(ex, {
    holds: changed.length === 0,
    title: 'the application shows data other than sent',
    expected: `${members.join(', ')} as the request sent them`,
    observed: () => changed.join('; '),
  });
}

/** A member naming a carrier's support of a cancellation or termination (supports_cancellation, can_terminate). */
const CAPABILITY = (name: string): boolean =>
  /cancel|terminat/i.test(name) && /support|allow|capab|able|^can_/i.test(name);

/**
 * The carrier capabilities an answer states, by the path of their member (`carrier.supports_cancellation`):
 * booleans whose names say a cancellation or termination is supported, up to 4 levels deep.
 */
export function capabilitiesOf(body: unknown, path = '', depth = 0): Map<string, boolean> {
  const found = new Map<string, boolean>();
  if (!body || typeof body !== 'object' || Array.isArray(body) || depth > 3) return found;
  for (const [k, v] of Object.entries(body as Json)) {
    const at = path ? `${path}.${k}` : k;
    if (typeof v === 'boolean' && CAPABILITY(k)) found.set(at, v);
    else for (const [p, b] of capabilitiesOf(v, at, depth + 1)) found.set(p, b);
  }
  return found;
}
