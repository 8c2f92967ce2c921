/**
 * Keys on the direct-enrollment routes (5.2, 5.4): a missing or invalid key is refused at the
 * edge with 403 forbidden in the unified envelope (not errors[]) on every route; a valid key
 * of an account not approved for direct enrollment gets 403 forbidden.
 */
import { expectForbidden, expectForbiddenInEitherEnvelope } from '../../harness/checks/index.js';
import { KEY_CASES, sentWith, verify } from '../../harness/suite/index.js';
import { ENROLLMENT_OPERATIONS as OPS } from './operations.js';
import { createBody, createRequest } from './requests.js';

/** The family's operations that write (or do not). */
const writing = (writes: boolean) => Object.fromEntries(Object.entries(OPS).filter(([, op]) => op.writes === writes));

for (const { what, rule, key } of KEY_CASES) {
  for (const [kind, writes] of [
    ['read', false],
    ['write', true],
  ] as const) {
    verify(
      `every direct-enrollment ${kind} route ${what} gets 403 forbidden in the unified envelope`,
      [rule, 'ENVELOPE-UNIFIED-SHAPE'],
      async (t) => {
        for await (const [, ex] of sentWith(t, writing(writes), key))
          expectForbidden(t.expect, ex, rule, 'ENVELOPE-UNIFIED-SHAPE');
      },
      { needs: { writes } },
    );
  }
}

const UNAPPROVED = 'unapproved';

verify(
  'a key not approved for direct enrollment gets 403 forbidden on list and read',
  ['GATE-ENROLLMENTS-UNAPPROVED-403'],
  async (t) => {
    const role = t.role(UNAPPROVED);
    const { listEnrollments, getEnrollment } = OPS;
    for await (const [, ex] of sentWith(t, { listEnrollments, getEnrollment }, { role }))
      expectForbiddenInEitherEnvelope(t.expect, ex);
  },
  { needs: { roles: [UNAPPROVED], distinctKeys: ['approved', UNAPPROVED] } },
);

verify(
  'a key not approved for direct enrollment gets 403 forbidden on create',
  ['GATE-ENROLLMENTS-UNAPPROVED-403'],
  async (t) => {
    const role = t.role(UNAPPROVED);
    // A valid body, so only the approval can be the reason for a refusal.
    const ex = await t.send(createRequest(createBody(t, t.fixture<string>('planFull')), { role }));
    expectForbiddenInEitherEnvelope(t.expect, ex);
  },
  { needs: { writes: true, roles: [UNAPPROVED], distinctKeys: ['approved', UNAPPROVED], fixtures: ['planFull'] } },
);
