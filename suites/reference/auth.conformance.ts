/**
 * The key on the reference routes (5.2, 5.4): no key or an invalid key is `403 forbidden` in the
 * unified envelope; a valid key without approvals is served, since reference data is not gated.
 * Each request is otherwise valid, so the key is the only reason for a refusal.
 */
import { verify, type ApiRequest, type CheckContext } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { countiesRequest, issuersRequest, providerSearch } from './reference-kit.js';

const needs = { fixtures: ['zipCode', 'state', 'providerQuery'] };

/** One valid request per reference route. */
const routes = (t: CheckContext): ApiRequest[] => [
  countiesRequest(t.fixture<string>('zipCode'), 'counties'),
  issuersRequest({ state: t.fixture<string>('state') }, 'issuers'),
  providerSearch(t, { 'page[size]': 1 }, 'providers'),
];

verify(
  'every reference route without a key is 403 forbidden in the unified envelope',
  ['AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const operations = ['listCounties', 'listIssuers', 'searchProviders'];
    for (const [i, req] of routes(t).entries()) {
      const ex = await t.send({ ...req, role: null });
      expectForbidden(t.expect, ex, 'AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, operations[i]!);
    }
  },
  { needs },
);

verify(
  'every reference route with an invalid key is 403 forbidden in the unified envelope',
  ['AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for (const req of routes(t))
      expectForbidden(
        t.expect,
        await t.send({ ...req, invalidKey: true }),
        'AUTH-INVALID-KEY-403',
        'ENVELOPE-UNIFIED-SHAPE',
      );
  },
  { needs },
);

verify(
  'every reference route answers a valid key without approvals with 200',
  ['GATE-UNGATED-OPEN'],
  async (t) => {
    const role = t.role('unapproved');
    for (const req of routes(t)) t.expect.status(await t.send({ ...req, role }), 200);
  },
  { needs: { ...needs, roles: ['unapproved'], distinctKeys: ['approved', 'unapproved'] } },
);
