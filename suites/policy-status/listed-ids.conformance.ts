/**
 * Every confirmation id a list shows can be read (4.8: the read takes "the confirmation id
 * returned by the list endpoint"). After the rest of the family, from the lists the run already
 * made: ids no check has read yet, one of each shape of row (which members are null), then ids
 * spread over the list's positions towards its end, READS in all. This file runs last in its
 * family (engine/suite-order.ts).
 */
import { SkipCheck, verify } from '../../harness/suite/index.js';
import { listedConfirmations, spreadSample } from './listed.js';
import { expectPolicyStatuses, LIST_FIXTURES, readRequest } from './policy-requests.js';

/** Listed ids read at the end of the family. */
const READS = 5;

verify(
  'confirmation ids the policy-status lists of the run showed can each be read, with the plan year of their list',
  ['POLICY-READ-200'],
  async (t) => {
    const { listed, read } = listedConfirmations(t.target.client.exchanges());
    const chosen = spreadSample(
      listed.filter((l) => !read.has(l.id)),
      READS,
    );
    if (chosen.length === 0)
      throw new SkipCheck('confirmation ids the run listed and did not read (run it with --family policy-status)');
    for (const { id, planYear, position } of chosen) {
      const ex = await t.send(readRequest(t, { plan_year: planYear }, id, `listed at position ${position + 1}`));
      t.expect.status(ex, 200);
      expectPolicyStatuses(t, ex, 'POLICY-READ-200');
    }
  },
  { needs: { fixtures: LIST_FIXTURES } },
);
