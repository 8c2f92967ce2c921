/**
 * The operations table (suites/operations.ts) holds every operation of every document the suite
 * loads, once, on the document's route, and nothing else: a document that gains an operation
 * fails here, naming the operationId and the family file to declare it in. The reference
 * server's tour (reference/probe/tour.ts, which may not import the suites) visits every
 * operation of the table. Each entry's success answer names a rule of the catalogue, and each
 * entry's valid request, built from the reference profile's fixtures, passes a read-only
 * client's guard exactly when the entry says it does not write.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../harness/client/client.js';
import { RateBudgets } from '../harness/client/rate-budget.js';
import { okJson, profileFor, startServer, testEnv } from '../harness/client/test-server.js';
import { loadContract, type Contract } from '../harness/contract/index.js';
import { ReadOnlyViolation } from '../harness/errors.js';
import { SIDE_EFFECT_FREE_WRITES, sideEffectFreeWrites } from '../harness/side-effect-free.js';
import { FAMILIES, type Family } from '../harness/model.js';
import { projectPath, PROVIDER_SPEC } from '../harness/paths.js';
import { loadRulesOnce } from '../harness/rules.js';
import { resolveRules } from '../harness/suite/catalogue.js';
import { createCheckContext, type CheckContext } from '../harness/suite/context.js';
import { answer, fakeTarget, runConfigFor } from '../harness/suite/fake-target.test-helpers.js';
import type { TargetProfile } from '../harness/run-config.js';
import { sideEffectGetsOf } from '../harness/target.js';
import { client } from '../reference/probe/client.js';
import { steppingClock } from '../reference/probe/fixtures.js';
import { TOUR } from '../reference/probe/tour.js';
import { startReferenceServer } from '../reference/server.js';
import { OPERATIONS, operationFile, type OperationEntry } from '../suites/operations.js';

interface DocumentOperation {
  operationId: string;
  route: string;
}

/** The families of the /v1 Partner API; the older ICHRA and the Medicare interfaces have documents of their own. */
const PARTNER: readonly Family[] = FAMILIES.filter((f) => f !== 'legacy-ichra' && f !== 'medicare');

/** The documents a run loads, with the families whose operations they hold. */
const DOCUMENTS: ReadonlyArray<{ name: string; source: string; families: readonly Family[] }> = [
  { name: 'specs/partner-api.yaml', source: projectPath('specs', 'partner-api.yaml'), families: PARTNER },
  { name: 'the provider document', source: PROVIDER_SPEC, families: PARTNER },
  { name: 'specs/legacy-ichra.yaml', source: projectPath('specs', 'legacy-ichra.yaml'), families: ['legacy-ichra'] },
  { name: 'specs/medicare.yaml', source: projectPath('specs', 'medicare.yaml'), families: ['medicare'] },
];

const routesOf = (op: OperationEntry): string[] => [op.route, ...(op.alsoAt ?? [])];

/** The family whose routes share the longest path prefix with `route`: where a new operation most likely belongs. */
function nearestFamily(route: string, table: readonly OperationEntry[]): Family {
  const path = route.split(' ')[1] ?? '';
  const shared = (other: string) => {
    const [a, b] = [path.split('/'), (other.split(' ')[1] ?? '').split('/')];
    let n = 0;
    while (n < a.length && a[n] === b[n]) n++;
    return n;
  };
  const ranked = table.flatMap((op) => routesOf(op).map((r) => ({ family: op.family, n: shared(r) })));
  return ranked.sort((x, y) => y.n - x.n)[0]!.family;
}

/** What is wrong between a document's operations and the table: each line says what to do where. */
function tableProblems(
  document: string,
  ops: readonly DocumentOperation[],
  families: readonly Family[],
  table: readonly OperationEntry[] = OPERATIONS,
): string[] {
  const problems: string[] = [];
  const own = table.filter((op) => families.includes(op.family));
  for (const { operationId, route } of ops) {
    const entry = table.find((op) => op.operationId === operationId);
    const file = operationFile(entry?.family ?? nearestFamily(route, own));
    if (!entry) problems.push(`${operationId} (${route}) of ${document} has no entry: declare it in ${file}`);
    else if (!routesOf(entry).includes(route))
      problems.push(`${operationId} of ${document} is ${route}, ${file} says ${routesOf(entry).join(', ')}`);
  }
  for (const op of own)
    for (const route of routesOf(op))
      if (!ops.some((d) => d.operationId === op.operationId && d.route === route))
        problems.push(`${op.operationId} (${route}) of ${operationFile(op.family)} is no operation of ${document}`);
  return problems;
}

const loaded = new Map<string, DocumentOperation[]>();
const contracts: Contract[] = [];
beforeAll(async () => {
  for (const { name, source } of DOCUMENTS) {
    const contract = await loadContract(source);
    contracts.push(contract);
    loaded.set(
      name,
      contract.operations.map((op) => ({ operationId: op.operationId, route: `${op.method} ${op.path}` })),
    );
  }
});

describe('the operations table', () => {
  it.each(DOCUMENTS.map((d) => [d.name, d] as const))(
    'holds every operation of %s, on its route, and no other',
    (name, d) => {
      expect(tableProblems(name, loaded.get(name)!, d.families)).toEqual([]);
    },
  );

  it('declares each operationId once', () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  // A write the contract says changes nothing is one a read-only run may opt in to: named in needs.sends.
  it('says an operation writes exactly when a read-only run refuses it', () => {
    const wrong = OPERATIONS.filter((op) => {
      const read = op.route.startsWith('GET ');
      const free = Object.hasOwn(SIDE_EFFECT_FREE_WRITES, op.route);
      return op.writes !== (!read && !free) || (free && !op.needs?.sends?.includes(op.route));
    }).map((op) => `${op.operationId} in ${operationFile(op.family)}`);
    expect(wrong).toEqual([]);
  });

  it('fails on a new operation, naming the file of the family it is nearest to', () => {
    const ops = [
      ...loaded.get('specs/partner-api.yaml')!,
      { operationId: 'listIssuerPlans', route: 'GET /v1/reference/plans' },
    ];
    expect(tableProblems('a document', ops, PARTNER)).toEqual([
      'listIssuerPlans (GET /v1/reference/plans) of a document has no entry: ' +
        'declare it in suites/reference/operations.ts',
    ]);
  });

  it('fails on an entry no document has, and on a route the document does not give', () => {
    const [first, ...rest] = loaded.get('specs/partner-api.yaml')!;
    const moved = [{ ...first!, route: 'GET /v1/status' }, ...rest];
    expect(tableProblems('a document', moved, PARTNER)).toEqual([
      'ping of a document is GET /v1/status, suites/utility/operations.ts says GET /v1/ping',
      'ping (GET /v1/ping) of suites/utility/operations.ts is no operation of a document',
    ]);
  });
});

describe("the reference server's tour", () => {
  it('visits every route of every operation of the table, family by family', async () => {
    // A clock that moves a second at each read: the tour's many requests with one key are never rate limited.
    const server = await startReferenceServer({ clock: steppingClock() });
    const visited = new Map<Family, Set<string>>();
    try {
      const call = client(server.url);
      for (const [family, stop] of Object.entries(TOUR) as Array<[Family, (typeof TOUR)[Family]]>) {
        const routes = new Set<string>();
        visited.set(family, routes);
        await stop(async (method, path, opts) => {
          const plain = path.split('?')[0]!;
          const op = contracts.map((c) => c.match(method, plain)).find((o) => o !== undefined);
          if (op) routes.add(`${op.method} ${op.path}`);
          return call(method, path, opts);
        });
      }
    } finally {
      await server.close();
    }
    const unvisited = OPERATIONS.flatMap((op) =>
      routesOf(op)
        .filter((route) => !visited.get(op.family)?.has(route))
        .map(
          (route) => `${op.operationId} (${route}): add a request to the ${op.family} stop of reference/probe/tour.ts`,
        ),
    );
    expect(unvisited).toEqual([]);
  }, 30_000);
});

describe("each entry's success answer", () => {
  it('names a rule of the catalogue, with 2xx statuses', () => {
    const catalogue = loadRulesOnce();
    const wrong = OPERATIONS.filter(({ success }) => {
      if (!success) return false;
      const statuses = typeof success.status === 'number' ? [success.status] : success.status;
      return !catalogue.has(success.rule) || statuses.some((s) => s < 200 || s > 299);
    }).map((op) => `${op.operationId} in ${operationFile(op.family)}: ${JSON.stringify(op.success)}`);
    expect(wrong).toEqual([]);
  });

  // The older ICHRA document writes `2XX` for every success (the contract states none but for
  // quotes, APTC estimates and the reads): an operation whose document states a 2xx status declares it.
  it('is declared by every operation whose document states a JSON success status', () => {
    const stated = (c: Contract) =>
      c.operations.filter((op) =>
        Object.entries(op.responses).some(
          ([status, r]) => /^2\d\d$/.test(status) && Object.keys(r.content).some((m) => /json/i.test(m)),
        ),
      );
    const undeclared = contracts
      .flatMap(stated)
      .map((op) => OPERATIONS.find((entry) => entry.operationId === op.operationId))
      .filter((entry): entry is OperationEntry => entry !== undefined && entry.success === undefined)
      .map((op) => `${op.operationId}: declare its success in ${operationFile(op.family)}`);
    expect([...new Set(undeclared)]).toEqual([]);
  });
});

/** The embedded target's profile: its fixtures build each entry's valid request. */
const REFERENCE_PROFILE = JSON.parse(
  readFileSync(projectPath('specs', 'profiles', 'reference.json'), 'utf8'),
) as TargetProfile;

/** A check context over the reference profile whose target answers a counties read (quotes and sessions read one). */
function referenceContext(): CheckContext {
  const county = { fips_code: REFERENCE_PROFILE.fixtures.fipsCode, name: 'Jefferson', state: 'KY' };
  const target = fakeTarget(
    (req) => answer(req, 200, req.path === '/v1/reference/counties' ? { counties: [county] } : {}),
    runConfigFor({}, { fixtures: REFERENCE_PROFILE.fixtures }),
    Object.keys(REFERENCE_PROFILE.keys),
  );
  return createCheckContext(target, resolveRules(loadRulesOnce(), 'read-only guard', ['EDGE-NO-5XX']));
}

describe("a read-only client's guard and the table's writes", () => {
  it('refuses before it leaves exactly the valid requests of entries that write (or the document marks)', async () => {
    const server = await startServer(okJson);
    const client = createClient({
      profile: profileFor(server.url),
      runId: 'ro-table',
      env: testEnv,
      readOnly: true,
      sideEffectGets: sideEffectGetsOf(contracts),
      // A write the contract says changes nothing passes when the profile opts in, as the reference profile does.
      allowedWrites: sideEffectFreeWrites(REFERENCE_PROFILE.sideEffectFreeWrites),
      budgets: new RateBudgets(),
    });
    const marked = new Set(
      contracts.flatMap((c) => c.operations.filter((op) => op.sideEffects)).map((op) => op.operationId),
    );
    const disagreements: string[] = [];
    try {
      for (const op of OPERATIONS) {
        const before = server.received.length;
        const sent = await client.send(await op.request(referenceContext())).then(
          () => 'sent',
          (e: unknown) => (e instanceof ReadOnlyViolation ? 'refused' : `failed: ${String(e)}`),
        );
        const refuses = op.writes || marked.has(op.operationId);
        const left = server.received.length > before;
        if (sent !== (refuses ? 'refused' : 'sent') || left === refuses)
          disagreements.push(`${op.operationId} (${operationFile(op.family)} writes: ${op.writes}): ${sent}`);
      }
    } finally {
      await client.close();
      await server.close();
    }
    expect(disagreements).toEqual([]);
  });
});
