/**
 * Listing applications (4.9): the routing parameters are required, unsupported parameters are
 * refused with invalid_request, and limit/offset stay within their bounds. Read-only: these
 * checks never need an application to exist.
 */
import { verify } from '../../harness/suite/index.js';
import { expectRows } from './observe.js';
import { listRequest, ROUTING } from './requests.js';

verify(
  'listing applications with product=ichra and exchange=off_exchange returns 200 with a list',
  ['ENR-LIST-200', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    // A small page: the smoke profile reads, it does not page through the account.
    const ex = await t.send(listRequest({ limit: 1 }));
    expectRows(t.expect.rules('ENR-LIST-200'), ex);
    t.expect.rules('SCHEMA-SUCCESS-JSON').header(ex, 'content-type', /^application\/json\b/i);
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'listEnrollments');
  },
  { profiles: ['smoke', 'conformance', 'certification'] },
);

const REQUIRED = [
  { rule: 'ENR-LIST-PRODUCT-REQUIRED', param: 'product' },
  { rule: 'ENR-LIST-EXCHANGE-REQUIRED', param: 'exchange' },
] as const;

for (const { rule, param } of REQUIRED) {
  verify(
    `a list request without ${param} is rejected with 400`,
    [rule],
    async (t) => {
      const query: Record<string, string> = { ...ROUTING };
      delete query[param];
      const ex = await t.send({ ...listRequest(), query });
      t.expect.status(ex, 400);
      t.expect.errorsEnvelope(ex);
    },
  );
}

verify(
  'an unsupported list query parameter gets 400 invalid_request',
  ['ENR-LIST-UNSUPPORTED-PARAM-400'],
  async (t) => {
    const ex = await t.send(listRequest({ carrier_name: 'Summit' }));
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex, 'invalid_request');
  },
);

verify(
  'a list limit of 0 or 101 is rejected with 400',
  ['ENR-LIST-LIMIT-RANGE'],
  async (t) => {
    for (const limit of [0, 101]) {
      const ex = await t.send({ ...listRequest({ limit }), label: `limit ${limit}` });
      t.expect.status(ex, 400);
      t.expect.errorsEnvelope(ex);
    }
  },
);

verify(
  'a negative list offset is rejected with 400',
  ['ENR-LIST-OFFSET-RANGE'],
  async (t) => {
    const ex = await t.send(listRequest({ offset: -1 }));
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex);
  },
);

verify(
  'a policy_status outside the six states is rejected with 400',
  ['ENR-LIST-FILTER-POLICY-STATUS-ENUM'],
  async (t) => {
    const ex = await t.send(listRequest({ policy_status: 'submitted' }));
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex);
  },
);
