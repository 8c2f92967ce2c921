/**
 * Policy-status list (4.7): exchange=on_exchange and plan_year are required, no product or
 * off-exchange filter is accepted, limit is 1 to 100 and offset at least 0.
 */
import { expectSuccessAnswer, verify, wrongIn } from '../../harness/suite/index.js';
import { expectRejected } from '../../harness/checks/index.js';
import { POLICY_STATUS_OPERATIONS } from './operations.js';
import { expectListPagination, LIST_FIXTURES, listRequest, listRows } from './policy-requests.js';

const needs = { fixtures: LIST_FIXTURES };

verify(
  'the policy-status list for a plan year is 200 with application rows',
  ['POLICY-LIST-200', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON', 'AUTH-KEY-NOT-ECHOED'],
  async (t) => {
    const op = POLICY_STATUS_OPERATIONS.listPolicyStatusApplications;
    const ex = await t.send(await op.request(t));
    expectSuccessAnswer(t, 'listPolicyStatusApplications', op, ex, () => {
      listRows(t, ex, 'POLICY-LIST-200');
      expectListPagination(t, ex, 'POLICY-LIST-200');
    });
  },
  { profiles: 'all', needs },
);

/** One refused request per rule: the query is valid but for the change. */
const refusals = [
  {
    title: 'the policy-status list without exchange is 400',
    rule: 'POLICY-LIST-EXCHANGE-REQUIRED',
    changes: { exchange: undefined },
  },
  {
    title: 'the policy-status list for exchange=off_exchange is 400',
    rule: 'POLICY-LIST-EXCHANGE-ON-ONLY',
    changes: { exchange: 'off_exchange' },
  },
  {
    title: 'the policy-status list without plan_year is 400',
    rule: 'POLICY-LIST-PLAN-YEAR-REQUIRED',
    changes: { plan_year: undefined },
  },
  {
    title: 'the policy-status list with a product filter is 400',
    rule: 'POLICY-LIST-NO-PRODUCT',
    changes: { product: 'ichra' },
  },
  {
    title: 'the policy-status list with a negative offset is 400',
    rule: 'POLICY-LIST-OFFSET-RANGE',
    changes: { offset: -1 },
  },
] as const;

for (const { title, rule, changes } of refusals) {
  verify(
    title,
    [rule, 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
    async (t) => {
      const ex = await t.send({ ...listRequest(t, changes), ...wrongIn(...Object.keys(changes)) });
      expectRejected(t.expect, ex, rule, 'ENVELOPE-UNIFIED-SHAPE');
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'listPolicyStatusApplications');
    },
    { needs },
  );
}

verify(
  'the policy-status list with a limit outside 1 to 100 is 400',
  ['POLICY-LIST-LIMIT-RANGE', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for (const limit of [0, 101])
      expectRejected(
        t.expect,
        await t.send({ ...listRequest(t, { limit }, `limit ${limit}`), ...wrongIn('limit') }),
        'POLICY-LIST-LIMIT-RANGE',
        'ENVELOPE-UNIFIED-SHAPE',
      );
  },
  { needs },
);

verify(
  'the policy-status list accepts limit 1 and 100 and holds at most limit rows',
  ['POLICY-LIST-LIMIT-BOUND'],
  async (t) => {
    for (const limit of [1, 100]) {
      const ex = await t.send(listRequest(t, { limit }, `limit ${limit}`));
      const rows = listRows(t, ex, 'POLICY-LIST-LIMIT-BOUND');
      t.expect.that(ex, {
        holds: rows.length <= limit,
        title: 'page larger than limit',
        expected: `at most ${limit} rows`,
        observed: `${rows.length} rows`,
      });
    }
  },
  { needs },
);
