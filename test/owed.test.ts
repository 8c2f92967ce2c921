/**
 * The operations table holds what every operation owes (suites/owed/): each family registers, from
 * its two files, the checks each of its operations owes; the collected inventory holds every one of
 * them, in the operation's own family, with the rules it proves; every field an entry declares
 * changes what is registered or sent; a scratch operation added to a table gets its checks with no
 * other change; and what a run cannot send (no body or success status stated, a role the profile
 * lacks, a read-only run) is a skip `plan` names before the run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuiteRunner, type SuiteRunner } from '../engine/suite-runner.js';
import type { ApiRequest } from '../harness/client/index.js';
import { FAMILIES } from '../harness/model.js';
import type { Contract } from '../harness/contract/index.js';
import { projectPath } from '../harness/paths.js';
import { loadEveryDocument } from './loaded-documents.js';
import { loadRulesOnce } from '../harness/rules.js';
import { resolveRules } from '../harness/suite/catalogue.js';
import { createCheckContext } from '../harness/suite/context.js';
import { answer, fakeTarget, runConfigFor } from '../harness/suite/fake-target.test-helpers.js';
import { unmetNeed, type Capabilities } from '../harness/suite/needs.js';
import type { InventoryCheck } from '../reports/required.js';
import { OPERATIONS, type OperationEntry } from '../suites/operations.js';
import { OWED, OWED_LIMITED, owingOf, type Owing } from '../suites/owed/index.js';
import { PARTICULARS } from '../suites/owed/particulars.js';
import type { OwedName } from '../suites/owed/types.js';

let runner: SuiteRunner;
let inventory: InventoryCheck[] = [];
/** The documents a run loads: ours, the provider's, the older ICHRA and Medicare ones. */
let documents: Contract[] = [];

beforeAll(async () => {
  runner = await createSuiteRunner([...FAMILIES]);
  inventory = (await runner.collect?.([...FAMILIES])) ?? [];
  documents = await loadEveryDocument();
}, 120_000);
afterAll(() => runner?.close());

const MATRIX = owingOf(OPERATIONS);
/** What the route of an entry (or another of its routes) owes of `owed`. */
const cell = (operationId: string, owed: OwedName, route?: string): Owing =>
  MATRIX.find((o) => o.operationId === operationId && o.owed === owed && (!route || o.route === route))!;
/** A check holds it: one the home registers, or the family's it names. */
const held = (o: Owing) => o.check !== undefined;

/** A read a family might add: open to any valid key, a stated success, one query parameter. */
const SCRATCH_READ: OperationEntry = {
  operationId: 'listIssuerPlans',
  family: 'reference',
  route: 'GET /v1/reference/plans',
  writes: false,
  success: { rule: 'ISSUERS-200', status: 200 },
  needs: { fixtures: ['state'] },
  request: (t) => ({ method: 'GET', path: '/v1/reference/plans', query: { state: t.fixture<string>('state') } }),
};

/** A gated write whose documents give neither a request body nor a success status. */
const SCRATCH_WRITE: OperationEntry = {
  operationId: 'addEnrollmentNote',
  family: 'enrollments',
  route: 'POST /v1/enrollments/{enrollment_id}/notes',
  gate: 'GATE-ENROLLMENTS-UNAPPROVED-403',
  writes: true,
  request: () => ({ method: 'POST', path: '/v1/enrollments/enr_unknown/notes', json: { note: 'n' } }),
};

describe('what every operation owes', () => {
  it('is registered by each family from its own two files, so a family run holds its operations', () => {
    for (const family of FAMILIES) {
      const files = readdirSync(projectPath('suites', family));
      for (const [file, call] of [
        ['owed.conformance.ts', `registerOwed('${family}');`],
        ['owed-429.conformance.ts', `registerOwed('${family}', 'limited');`],
      ] as const) {
        expect(files, family).toContain(file);
        expect(readFileSync(projectPath('suites', family, file), 'utf8'), `${family}/${file}`).toContain(call);
      }
    }
  });

  it("is in the inventory: each operation's check, in its own family, naming the rules it proves", () => {
    const missing = MATRIX.flatMap((o) => {
      if (!o.check) return [];
      const found = inventory.find((c) => c.family === o.family && c.entry.title === o.check!.title);
      if (!found) return [`${o.family}: ${o.operationId} ${o.owed}: no check "${o.check.title}"`];
      // A family's check that holds the claim names its rule (the first; for a success, the JSON content type too);
      // one the home registers, exactly its rules.
      const claims = o.check.rules.filter((r, i) => i === 0 || r === 'SCHEMA-SUCCESS-JSON');
      const wanted = 'heldBy' in o.applies ? claims : o.check.rules;
      const lacks = wanted.filter((r) => !found.entry.rules.includes(r));
      return lacks.length ? [`${o.family}: "${o.check.title}" names no ${lacks.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('holds each route of every operation to the key, hostile values, success and 429, a gated one to its gate', () => {
    const gated = (o: Owing) => OPERATIONS.find((op) => op.operationId === o.operationId)!.gate !== undefined;
    const everywhere: OwedName[] = ['missingKey', 'invalidKey', 'hostile', 'rateLimited'];
    // But where a particular says the operation has nothing the check could send (ping's hostile values, below).
    const exempt = (o: Owing) => PARTICULARS[o.operationId]?.[o.owed]?.notOwed !== undefined;
    const lacking = MATRIX.filter((o) => everywhere.includes(o.owed) || (o.owed === 'gate' && gated(o)))
      .filter((o) => !held(o) && !exempt(o))
      .map((o) => `${o.route} ${o.owed}`);
    expect(lacking).toEqual([]);
    // Its success: the stated status, else (none stated) any 2xx; in JSON either way.
    const succeeds = (o: Owing) =>
      ['success', 'successAnyStatus'].includes(o.owed) && 'rules' in o.applies && !('unstated' in o.applies);
    const routes = [...new Set(MATRIX.map((o) => o.route))];
    expect(routes.filter((route) => !MATRIX.some((o) => o.route === route && succeeds(o)))).toEqual([]);
    // An operation under two paths owes its checks on each (4.16's APTC estimates).
    expect(cell('legacyCreateAptcEstimate', 'missingKey', 'POST /aptc_estimates').check?.title).toBe(
      'POST /aptc_estimates without a key gets 403 forbidden in the unified envelope',
    );
    // The older ICHRA interface is held like the rest: all seven of its operations.
    expect(
      OPERATIONS.filter((op) => op.family === 'legacy-ichra' && held(cell(op.operationId, 'missingKey'))),
    ).toHaveLength(7);
  });

  it("holds each JSON-body write of the edge's families to 413, 415 and malformed JSON, says why not others", () => {
    const edge = (op: OperationEntry) =>
      (['tooLarge', 'mediaType', 'malformedJson'] as const).map((owed) => cell(op.operationId, owed));
    const bodies = OPERATIONS.filter(
      (op) => op.body === 'json' && ['quotes', 'enrollment-sessions', 'enrollments'].includes(op.family),
    );
    expect(bodies.map((op) => op.operationId).sort()).toEqual([
      'cancelEnrollmentApplication',
      'createEnrollment',
      'createEnrollmentSession',
      'createQuote',
      'submitEnrollmentApplication',
      'terminateEnrollmentApplication',
      'updateEnrollment',
      'uploadEnrollmentSupportingDocumentation',
    ]);
    for (const op of bodies) for (const o of edge(op)) expect(o.check, `${op.operationId} ${o.owed}`).toBeDefined();
    expect(edge(OPERATIONS.find((op) => op.operationId === 'listEnrollments')!)[0]!.applies).toEqual({
      reason: 'a read: it takes no body',
    });
    // The catalogue says which interfaces the edge's rules hold for (specs/rules.json `families`).
    expect(cell('updateContact', 'tooLarge').applies).toEqual({
      reason: 'EDGE-413 holds for quotes, enrollment-sessions, enrollments only',
    });
  });

  it('leaves a hostile-value check out only where no document gives the operation a parameter or a body', () => {
    const notOwed = Object.entries(PARTICULARS).filter(([, p]) => p.hostile?.notOwed !== undefined);
    expect(notOwed.map(([id]) => id)).toEqual(['ping']);
    for (const [operationId] of notOwed)
      for (const doc of documents) {
        const op = doc.operation(operationId);
        if (op)
          expect([op.parameters.length, op.requestBody], `${operationId} in ${doc.source}`).toEqual([0, undefined]);
      }
  });

  it('registers a success check for a stated success, names the family check that holds one, skips the rest', () => {
    const kinds = OPERATIONS.map((op) => {
      const { applies } = cell(op.operationId, 'success');
      return 'heldBy' in applies ? 'held' : 'unstated' in applies ? 'skipped' : 'rules' in applies ? 'registered' : '';
    });
    expect(kinds.filter((k) => k === '')).toEqual([]);
    expect(
      OPERATIONS.filter((op) => !op.success).map((op) => cell(op.operationId, 'success').check?.needs.unstated),
    ).toEqual([
      'a success status for legacyCreateOffExchangeDeeplink',
      'a success status for legacyCreateApplication',
      'a success status for legacySubmitApplication',
    ]);
  });
});

/** The conforming answer a scratch operation's checks expect of a target, by what the request changes. */
function conforming(req: ApiRequest) {
  if (req.role === null || req.invalidKey) return answer(req, 403, { error: { code: 'forbidden', message: 'key' } });
  if (req.role === 'unapproved' && req.path.startsWith('/v1/enrollments'))
    return answer(req, 403, { errors: [{ code: 'forbidden', message: 'not approved' }] });
  if (req.path.includes('%00')) return answer(req, 400, { error: { code: 'invalid_request', message: 'hostile' } });
  return answer(req, 200, { plans: [] });
}

async function runOwed(op: OperationEntry, owed: OwedName) {
  const o = owingOf([op]).find((x) => x.owed === owed)!;
  const target = fakeTarget(conforming, runConfigFor(), ['approved', 'unapproved']);
  const t = createCheckContext(target, resolveRules(loadRulesOnce(), o.check!.title, o.check!.rules));
  await [...OWED, ...OWED_LIMITED].find((x) => x.name === owed)!.run(t, op, o.check!.rules);
  return target.sent;
}

describe('a new operation added to a table', () => {
  it('gets every check it owes, with no other change', () => {
    const owes = (op: OperationEntry) =>
      Object.fromEntries(owingOf([op]).map((o) => [o.owed, o.check ? o.check.title : o.applies]));
    expect(owes(SCRATCH_READ)).toEqual({
      missingKey: 'GET /v1/reference/plans without a key gets 403 forbidden in the unified envelope',
      invalidKey: 'GET /v1/reference/plans with an invalid key gets 403 forbidden in the unified envelope',
      gate: { reason: 'no approval gate guards it' },
      open: 'GET /v1/reference/plans answers a valid key of an account without approvals with its success',
      tooLarge: { reason: 'a read: it takes no body' },
      mediaType: { reason: 'a read: it takes no body' },
      malformedJson: { reason: 'a read: it takes no body' },
      hostile:
        'GET /v1/reference/plans with a hostile value in each declared parameter and member never gets a 5xx, ' +
        'and a refusal is in the unified envelope',
      success: 'GET /v1/reference/plans answers its valid request with its stated success status and JSON',
      successAnyStatus: { reason: "the contract states listIssuerPlans's success status" },
      rateLimited: "GET /v1/reference/plans sent with its key's rate bucket empty gets 429 in the unified envelope",
      bounds:
        'GET /v1/reference/plans accepts each request member on its stated bounds and refuses one a step outside ' +
        'with a 4xx in the unified envelope',
    });
    // Added to the table, it is one of the family's operations the family's file registers for.
    const gathered = owingOf([...OPERATIONS, SCRATCH_READ]).filter((o) => o.operationId === SCRATCH_READ.operationId);
    expect(gathered.map((o) => o.check?.title)).toEqual(owingOf([SCRATCH_READ]).map((o) => o.check?.title));
  });

  it('sends its own valid request, changed only in what each check is about, passing a conforming answer', async () => {
    const [missing] = await runOwed(SCRATCH_READ, 'missingKey');
    expect(missing).toMatchObject({ path: '/v1/reference/plans', query: { state: 'GA' }, role: null });
    const [invalid] = await runOwed(SCRATCH_READ, 'invalidKey');
    expect(invalid).toMatchObject({ path: '/v1/reference/plans', invalidKey: true });
    const [open] = await runOwed(SCRATCH_READ, 'open');
    expect(open).toMatchObject({ path: '/v1/reference/plans', role: 'unapproved' });
    expect((await runOwed(SCRATCH_READ, 'hostile')).map((r) => r.path)).toEqual([
      `/v1/reference/plans?state=${encodeURIComponent(`O'Brien "50%" \\ <b>{$x}</b>;--`)}%00%C3%28%FF`,
    ]);
    const [gate] = await runOwed(SCRATCH_WRITE, 'gate');
    expect(gate).toMatchObject({ path: '/v1/enrollments/enr_unknown/notes', role: 'unapproved' });
  });
});

describe('what an operation declares', () => {
  /** Each field of the entries, and what shows a check reads it: what is registered or sent changes with it. */
  const READ_BY: Record<string, () => Promise<boolean> | boolean> = {
    route: () => owingOf([{ ...SCRATCH_READ, route: 'GET /v1/reference/other' }])[0]!.check!.title.includes('other'),
    gate: () => {
      const gate = (op: OperationEntry) => owingOf([op]).find((o) => o.owed === 'gate')!.applies;
      return 'rules' in gate(SCRATCH_WRITE) && !('rules' in gate({ ...SCRATCH_WRITE, gate: undefined }));
    },
    writes: () => owingOf([{ ...SCRATCH_READ, writes: true }])[0]!.check!.needs.writes === true,
    body: () =>
      !('unstated' in owingOf([{ ...SCRATCH_WRITE, body: 'json' }]).find((o) => o.owed === 'tooLarge')!.applies),
    success: () =>
      'unstated' in owingOf([{ ...SCRATCH_READ, success: undefined }]).find((o) => o.owed === 'success')!.applies,
    needs: () => owingOf([SCRATCH_READ])[0]!.check!.needs.fixtures?.includes('state') === true,
    request: async () => (await runOwed(SCRATCH_READ, 'missingKey'))[0]?.path === '/v1/reference/plans',
    alsoAt: () =>
      owingOf([{ ...SCRATCH_READ, alsoAt: ['GET /v1/reference/plan-list'] }]).some(
        (o) => o.route === 'GET /v1/reference/plan-list',
      ),
    // Direct enrollment's: the label its requests carry, and its request on a given application (the family's checks).
    label: async () => {
      const list = OPERATIONS.find((op) => op.operationId === 'listEnrollments')!;
      return (await runOwed(list, 'missingKey'))[0]?.label === 'list';
    },
    on: () =>
      readdirSync(projectPath('suites', 'enrollments'))
        .filter((f) => f.endsWith('.conformance.ts'))
        .some((f) => /\.on\(t, /.test(readFileSync(projectPath('suites', 'enrollments', f), 'utf8'))),
  };

  it('is each read by a check', async () => {
    const declared = new Set(
      OPERATIONS.flatMap((op) => Object.keys(op)).filter((k) => !['operationId', 'family'].includes(k)),
    );
    expect([...declared].sort()).toEqual(Object.keys(READ_BY).sort());
    const unread: string[] = [];
    for (const [field, read] of Object.entries(READ_BY)) if (!(await read())) unread.push(field);
    expect(unread).toEqual([]);
  });
});

describe('what a run cannot send', () => {
  // What a run against a profile without the `unapproved` role offers (as the worker and `plan` see it).
  const can: Capabilities = fakeTarget(conforming, runConfigFor(), ['approved']).capabilities;
  const need = (op: OperationEntry, owed: OwedName, capabilities = can) => {
    const o = owingOf([op]).find((x) => x.owed === owed)!;
    return unmetNeed(o.check!.needs, resolveRules(loadRulesOnce(), 't', o.check!.rules), capabilities);
  };

  it('is a check skipped with its reason, known from the table before the run (plan)', () => {
    expect(need(SCRATCH_WRITE, 'tooLarge')).toBe('the documents to state a JSON request body for addEnrollmentNote');
    expect(need(SCRATCH_WRITE, 'success')).toBe('the documents to state a success status for addEnrollmentNote');
    expect(need(SCRATCH_WRITE, 'gate')).toBe('role unapproved');
    expect(need(SCRATCH_WRITE, 'missingKey', { ...can, writable: false })).toBe('writes (read-only run)');
    expect(need(SCRATCH_READ, 'missingKey', { ...can, writable: false })).toBeUndefined();
  });
});
