/**
 * Issuers active in a state (2.3, 4.3, 9.5).
 *
 * Order: the contract says "by `name` case-insensitive, then by `hios_issuer_id`" and names no
 * collation, so a list sorted under any case-insensitive reading of issuer-order.ts keeps it;
 * ids are 5-digit strings, so their string order is their numeric order.
 */
import { expectSuccessAnswer, verify, wrongIn, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import { expectNo5xx, expectRejected } from '../../harness/checks/index.js';
import { targetNow } from '../../harness/suite/target-clock.js';
import { defaultPlanYears } from './default-plan-year.js';
import { expectIssuersOrdered, type Issuer } from './issuer-order.js';
import { REFERENCE_OPERATIONS } from './operations.js';
import { issuersRequest, type Query } from './reference-requests.js';

const hiosId = (i: Issuer): string => String(i.hios_issuer_id);

function issuersOf(t: CheckContext, ex: Exchange): Issuer[] {
  const issuers = t.json<{ issuers?: unknown }>(ex)?.issuers;
  return Array.isArray(issuers) ? (issuers as Issuer[]) : [];
}

/** The issuers of the fixture state, in the fixture plan year when the profile names one. */
function stateQuery(t: CheckContext, changes: Query = {}): Query {
  const planYear = t.target.fixture('planYear');
  return {
    state: t.fixture<string>('state'),
    plan_year: planYear === undefined ? undefined : String(planYear),
    ...changes,
  };
}

/**
 * The plan years the default may name now on the target's clock (its answers' Date header):
 * fixture `currentPlanYear` when the profile pins it.
 */
function currentPlanYears(t: CheckContext): number[] {
  const pinned = Number(t.target.fixture('currentPlanYear'));
  const now = new Date(targetNow(t.target.client.exchanges()));
  return defaultPlanYears(now, Number.isInteger(pinned) && pinned > 0 ? pinned : undefined);
}

/** A 200's list: each issuer a name and a 5-digit id, the list in order (the family's claims on it). */
function expectIssuerList(t: CheckContext, ex: Exchange): void {
  const issuers = issuersOf(t, ex);
  t.expect.rules('ISSUERS-200').that(ex, {
    holds: Array.isArray(t.json(ex)?.issuers),
    title: 'no issuers list',
    expected: '{issuers: [...]}',
    observed: ex.response!.body.slice(0, 300),
  });
  for (const i of issuers) {
    t.expect.rules('ISSUERS-SCHEMA').that(ex, {
      holds: typeof i.name === 'string' && typeof i.hios_issuer_id === 'string',
      title: 'issuer fields',
      expected: '`name` and `hios_issuer_id` strings',
      observed: JSON.stringify(i),
    });
    t.expect.rules('ISSUERS-HIOS-FORMAT').that(ex, {
      holds: /^\d{5}$/.test(hiosId(i)),
      title: 'hios_issuer_id is not 5 digits',
      expected: 'a canonical 5-digit issuer id',
      observed: JSON.stringify(i.hios_issuer_id),
    });
  }
  expectIssuersOrdered(t.expect, ex, issuers);
}

verify(
  'issuers of a state are 200, each a name and a 5-digit hios_issuer_id, ordered by name ' +
    'case-insensitively, then by id',
  [
    'ISSUERS-200',
    'ISSUERS-SCHEMA',
    'ISSUERS-HIOS-FORMAT',
    'ISSUERS-ORDER',
    'ISSUERS-ORDER-TIEBREAK',
    'SCHEMA-RESPONSE-VALID',
    'SCHEMA-SUCCESS-JSON',
  ],
  async (t) => {
    // The table's request names the state only; this one the fixture plan year too, when the profile has one.
    const ex = await t.send(issuersRequest(stateQuery(t)));
    expectSuccessAnswer(t, 'listIssuers', REFERENCE_OPERATIONS.listIssuers, ex, () => expectIssuerList(t, ex));
  },
  { needs: { fixtures: ['state'] } },
);

verify(
  'issuers without state are 400 in the unified envelope',
  ['ISSUERS-STATE-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const ex = await t.send({ ...issuersRequest({}), ...wrongIn('state') });
    expectRejected(t.expect, ex, 'ISSUERS-STATE-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE');
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'listIssuers');
  },
);

verify(
  'issuers for a lowercase state are 400 invalid_request',
  ['ISSUERS-STATE-LOWERCASE-400', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const lower = issuersRequest(stateQuery(t, { state: t.fixture<string>('state').toLowerCase() }));
    const ex = await t.send({ ...lower, ...wrongIn('state') });
    expectRejected(t.expect, ex, 'ISSUERS-STATE-LOWERCASE-400', 'ENVELOPE-UNIFIED-SHAPE');
    t.expect.rules('ISSUERS-STATE-LOWERCASE-400').unifiedEnvelope(ex, 'invalid_request');
  },
  { needs: { fixtures: ['state'] } },
);

verify(
  'issuers for a state that is not two letters are 400',
  ['ISSUERS-STATE-PATTERN', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for (const state of ['KEN', 'K1']) {
      expectRejected(
        t.expect,
        await t.send({ ...issuersRequest({ state }, `state ${state}`), ...wrongIn('state') }),
        'ISSUERS-STATE-PATTERN',
        'ENVELOPE-UNIFIED-SHAPE',
      );
    }
  },
);

verify(
  'issuers accept plan_year 2020 and 2099, the bounds',
  ['ISSUERS-PLAN-YEAR-BOUNDS'],
  async (t) => {
    for (const year of [2020, 2099]) {
      const ex = await t.send(issuersRequest(stateQuery(t, { plan_year: year }), `plan_year ${year}`));
      // A year with no issuers may be a 404; only a refusal of the parameter breaks the rule.
      t.expect.status(ex, [200, 404]);
    }
  },
  { needs: { fixtures: ['state'] } },
);

verify(
  'issuers for a plan_year outside 2020 to 2099 are 400',
  ['ISSUERS-PLAN-YEAR-RANGE', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for (const year of [2019, 2100]) {
      expectRejected(
        t.expect,
        await t.send({
          ...issuersRequest(stateQuery(t, { plan_year: year }), `plan_year ${year}`),
          ...wrongIn('plan_year'),
        }),
        'ISSUERS-PLAN-YEAR-RANGE',
        'ENVELOPE-UNIFIED-SHAPE',
      );
    }
  },
  { needs: { fixtures: ['state'] } },
);

verify(
  'issuers without plan_year are those of the current ACA plan year',
  ['ISSUERS-PLAN-YEAR-DEFAULT'],
  async (t) => {
    const implicit = await t.send(issuersRequest(stateQuery(t, { plan_year: undefined }), 'no plan_year'));
    t.expect.status(implicit, 200);
    const seen = JSON.stringify(issuersOf(t, implicit));
    const lists: string[] = [];
    for (const year of currentPlanYears(t)) {
      const pinned = await t.send(issuersRequest(stateQuery(t, { plan_year: year }), `plan_year ${year}`));
      // A year with no issuers yet (404) is not the default; the calendar year must answer.
      if (lists.length === 0) t.expect.status(pinned, 200);
      else if (pinned.response?.status !== 200) continue;
      const list = JSON.stringify(issuersOf(t, pinned));
      if (list === seen) return;
      lists.push(`plan_year=${year}: ${list.slice(0, 300)}`);
    }
    t.expect.that(implicit, {
      holds: false,
      title: 'default plan year is not the current one',
      expected: `the issuers of ${lists.join(' or of ')}`,
      observed: seen.slice(0, 400),
    });
  },
  { needs: { fixtures: ['state'] } },
);

verify(
  'issuers of a well-formed state with no issuers answer a documented status',
  ['SCHEMA-DOCUMENTED-STATUS', 'EDGE-NO-5XX'],
  async (t) => {
    // `ZZ` matches the pattern but names no state: an empty list, a 404 or a 400 are all
    // documented answers; anything else is not.
    const ex = await t.send(issuersRequest({ state: 'ZZ' }));
    expectNo5xx(t.expect.rules('EDGE-NO-5XX'), ex);
    t.expect.rules('SCHEMA-DOCUMENTED-STATUS').documentedStatus(ex, { operationId: 'listIssuers' });
  },
);
