/**
 * Listing applications (4.9): the routing parameters are required, unsupported parameters are
 * refused with invalid_request, and limit/offset stay within their bounds. Read-only: these
 * checks never need an application to exist.
 */
import { expectSuccessAnswer, verify, wrongIn } from '../../harness/suite/index.js';
import { expectPagination, expectRows } from './observe.js';
import { ENROLLMENT_OPERATIONS } from './operations.js';
import { listRequest, ROUTING } from './requests.js';

verify(
  'listing applications with product=ichra and exchange=off_exchange returns 200 with a list',
  ['ENR-LIST-200', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const op = ENROLLMENT_OPERATIONS.listEnrollments;
    const ex = await t.send(await op.request(t));
    expectSuccessAnswer(t, 'listEnrollments', op, ex, () => {
      expectRows(t.expect.rules('ENR-LIST-200'), ex);
      expectPagination(t.expect.rules('ENR-LIST-200'), ex);
    });
  },
  { profiles: 'all' },
);

const REQUIRED = [
  { rule: 'ENR-LIST-PRODUCT-REQUIRED', param: 'product' },
  { rule: 'ENR-LIST-EXCHANGE-REQUIRED', param: 'exchange' },
] as const;

for (const { rule, param } of REQUIRED) {
  verify(`a list request without ${param} is rejected with 400`, [rule], async (t) => {
    const query: Record<string, string> = { ...ROUTING };
    delete query[param];
    const ex = await t.send({ ...listRequest(), query, ...wrongIn(param) });
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex);
  });
}

type Query = Record<string, string | number>;

/** Queries the target must refuse, each with the rule it breaks; several queries are sent one by one. */
const REFUSED: Array<{ title: string; rule: string; queries: Query[]; code?: string }> = [
  {
    title: 'an unsupported list query parameter gets 400 invalid_request',
    rule: 'ENR-LIST-UNSUPPORTED-PARAM-400',
    queries: [{ carrier_name: 'Summit' }],
    code: 'invalid_request',
  },
  {
    title: 'a list limit of 0 or 101 is rejected with 400',
    rule: 'ENR-LIST-LIMIT-RANGE',
    queries: [{ limit: 0 }, { limit: 101 }],
  },
  { title: 'a negative list offset is rejected with 400', rule: 'ENR-LIST-OFFSET-RANGE', queries: [{ offset: -1 }] },
  {
    title: 'a policy_status outside the six states is rejected with 400',
    rule: 'ENR-LIST-FILTER-POLICY-STATUS-ENUM',
    queries: [{ policy_status: 'submitted' }],
  },
];

const labelOf = (query: Query) =>
  Object.entries(query)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

for (const { title, rule, queries, code } of REFUSED) {
  verify(title, [rule], async (t) => {
    for (const query of queries) {
      const label = queries.length > 1 ? { label: labelOf(query) } : {};
      const ex = await t.send({ ...listRequest(query), ...label, ...wrongIn(...Object.keys(query)) });
      t.expect.status(ex, 400);
      t.expect.errorsEnvelope(ex, code);
    }
  });
}
