/**
 * The request members of every operation at their stated bounds (suites/owed/bounds.ts): the
 * operations that owe the check are those a loaded document states a bound for, the rest are
 * skipped with what their documents leave unstated (plan names it before the run); a run sends
 * within its run profile's bound budget, inside and outside, and a target refusing a value on a
 * bound fails the check's own rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../harness/client/index.js';
import type { Contract } from '../harness/contract/index.js';
import type { Operation } from '../harness/contract/types.js';
import { loadEveryDocument } from './loaded-documents.js';
import { loadRulesOnce } from '../harness/rules.js';
import { resolveRules } from '../harness/suite/catalogue.js';
import { createCheckContext } from '../harness/suite/context.js';
import { answer, fakeTarget, runConfigFor } from '../harness/suite/fake-target.test-helpers.js';
import { RuleViolation } from '../harness/suite/index.js';
import { OPERATIONS, type OperationEntry } from '../suites/operations.js';
import { casesOf } from '../suites/owed/bound-requests.js';
import { BOUNDS } from '../suites/owed/bounds.js';
import { owingOf } from '../suites/owed/index.js';

/** The documents a run loads: ours, the provider's, the older ICHRA and Medicare ones. */
let documents: Contract[] = [];

beforeAll(async () => {
  documents = await loadEveryDocument();
}, 120_000);

/** Bound cases of `route` in each loaded document that gives its operation (by the document alone). */
const casesIn = (operationId: string, route: string): number[] =>
  documents.flatMap((doc) => {
    const op = doc.operation(operationId) ?? doc.operations.find((o) => `${o.method} ${o.path}` === route);
    return op ? [casesOf(op, route, undefined).length] : [];
  });

describe('the bounds every operation owes', () => {
  const cells = owingOf(OPERATIONS, [BOUNDS]);

  it('are skipped, saying what the documents leave unstated, exactly where no loaded document states a bound', () => {
    const unstated = cells.filter((o) => 'unstated' in o.applies).map((o) => o.route);
    const boundless = cells.filter((o) => casesIn(o.operationId, o.route).every((n) => n === 0)).map((o) => o.route);
    // ping declares nothing at all: it does not owe the check (as it owes no hostile values).
    expect(boundless.filter((route) => route !== 'GET /v1/ping')).toEqual(unstated);
    expect(unstated).toHaveLength(7);
    for (const o of cells.filter((c) => 'unstated' in c.applies))
      expect(o.check?.needs.unstated, o.route).toMatch(/not shown|besides its pattern/);
  });

  it('are registered for every other operation, or left to a sibling that shares its members, saying why', () => {
    const registered = cells.filter((o) => o.check && !('unstated' in o.applies)).map((o) => o.operationId);
    expect(registered).toEqual([
      'listIssuers',
      'searchProviders',
      'createQuote',
      'createEnrollmentSession',
      'listPolicyStatusApplications',
      'getPolicyStatusApplication',
      'listEnrollments',
      'createEnrollment',
      'legacyCreateAptcEstimate',
      'updateContact',
    ]);
    const left = cells.filter((o) => 'reason' in o.applies && o.route !== 'GET /v1/ping');
    for (const o of left)
      expect((o.applies as { reason: string }).reason, o.route).toMatch(/nobody issued|whose check/);
  });
});

/** A read a family might add: an integer limit of 1 to 100 and a sort of two values. */
const SCRATCH: OperationEntry = {
  operationId: 'listIssuerPlans',
  family: 'reference',
  route: 'GET /v1/reference/plans',
  writes: false,
  success: { rule: 'ISSUERS-200', status: 200 },
  request: () => ({ method: 'GET', path: '/v1/reference/plans', query: { state: 'GA' } }),
};

const SCRATCH_DOCUMENT: Operation = {
  operationId: 'listIssuerPlans',
  method: 'GET',
  path: '/v1/reference/plans',
  parameters: [
    { name: 'state', in: 'query', required: true, schema: { type: 'string', pattern: '^[A-Z]{2}$' } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
    { name: 'sort', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
  ],
  responses: {},
  security: [],
};

/** A target that refuses what the scratch document refuses, and, where `refuses` says so, a value it allows. */
function target(refuses: (q: Record<string, unknown>) => boolean = () => false) {
  return (req: ApiRequest) => {
    const q = req.query ?? {};
    const limit = q.limit === undefined ? 1 : Number(q.limit);
    const bad =
      !Number.isInteger(limit) || limit < 1 || limit > 100 || ![undefined, 'asc', 'desc'].includes(q.sort as string);
    return bad || refuses(q)
      ? answer(req, 400, { error: { code: 'invalid_request', message: 'out of bounds' } })
      : answer(req, 200, { plans: [] });
  };
}

async function runBounds(respond: ReturnType<typeof target>, seed: number) {
  const [cell] = owingOf([SCRATCH], [BOUNDS]);
  const fake = fakeTarget(respond, runConfigFor({ families: ['reference'], seed }));
  const t = createCheckContext(
    { ...fake, documented: () => SCRATCH_DOCUMENT },
    resolveRules(loadRulesOnce(), 't', cell!.check!.rules),
  );
  const outcome = await BOUNDS.run(t, SCRATCH, cell!.check!.rules).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { sent: fake.sent, outcome };
}

describe("a new operation's members at their bounds", () => {
  it('are sent within the budget, inside and outside, turn by turn, and pass a target keeping its bounds', async () => {
    const labels: string[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { sent, outcome } = await runBounds(target(), seed);
      expect(outcome, `seed ${seed}`).toBeUndefined();
      // Four operations of the family share the conformance budget of 15: this one takes at most a few.
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.length).toBeLessThanOrEqual(15);
      labels.push(...sent.map((r) => r.label!));
    }
    expect(labels.filter((l) => l.startsWith('inside')).join(' ')).toMatch(/limit \(maximum 100\)/);
    expect(new Set(labels.filter((l) => l.startsWith('outside')))).toEqual(
      new Set([
        'outside: limit (one below the minimum 1)',
        'outside: limit (one above the maximum 100)',
        'outside: limit (a fraction where an integer is stated)',
        'outside: sort (a value outside the enum (2 values))',
      ]),
    );
  });

  it("fail the check's own rule where the target refuses a value on a bound, or accepts one outside", async () => {
    const refusing = target((q) => q.limit === '100');
    const caught = [];
    for (const seed of [1, 2, 3]) caught.push((await runBounds(refusing, seed)).outcome);
    expect(caught.some((e) => e instanceof RuleViolation && e.rules.includes('SCHEMA-BOUND-INSIDE'))).toBe(true);
    const lax = (req: ApiRequest) => answer(req, 200, { plans: [] });
    const accepted = [];
    for (const seed of [1, 2, 3, 4, 5, 6]) accepted.push((await runBounds(lax, seed)).outcome);
    expect(accepted.some((e) => e instanceof RuleViolation && e.rules.includes('SCHEMA-BOUND-OUTSIDE'))).toBe(true);
  });
});
