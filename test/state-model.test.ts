/**
 * The state-machine model's own tests, against the reference server: clean, it passes; with a
 * fault only a sequence shows, it fails by that fault's rule, shrunk to a short sequence printed
 * as numbered steps, and the printed seed and path replay the same sequence. The history the
 * model keeps of a run (suites/enrollments/history/) judges the tour's exchanges afterwards:
 * nothing on a clean server or one whose list lags within the window, each fault of a later
 * exchange on a faulty one.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRuleViolation } from '../harness/checks/violation.js';
import { loadTargetProfile, referenceProfilePath } from '../harness/profile.js';
import { runConfigFor } from '../harness/suite/fake-target.test-helpers.js';
import { resolveRules, ruleCatalogue } from '../harness/suite/catalogue.js';
import { createCheckContext, type CheckContext } from '../harness/suite/context.js';
import { isPropertyCounterexample, type PropertyCounterexample } from '../harness/suite/counterexample.js';
import { checkProperty, type PropertyRunOptions } from '../harness/suite/property.js';
import { createTargetContext, type TargetContext } from '../harness/target.js';
import { referenceKeyEnv, startReferenceServer, type ReferenceServer } from '../reference/server.js';
import { commandsOf, stateSequences, type StateSequence } from '../suites/enrollments/state-model/arbitrary.js';
import { STATE_MODEL_RULES } from '../suites/enrollments/state-model/rules.js';
import { newReal } from '../suites/enrollments/state-model/system.js';
import { runTour } from '../suites/enrollments/state-model/tour.js';
import { closing } from '../suites/enrollments/history/closing.js';
import { nextActionsOffered, rowsAgree, statusMoves } from '../suites/enrollments/history/oracles.js';
import { historyContextOf, type HistoryOracle } from '../harness/suite/run-history.js';
import type { JournalEntry } from '../harness/model.js';

const rules = resolveRules(ruleCatalogue(), 'state model', [...STATE_MODEL_RULES]);
const body = (t: CheckContext, sequence: StateSequence) =>
  fc.asyncModelRun(() => ({ model: { apps: [] }, real: newReal(t) }), commandsOf(sequence));

interface Server {
  server: ReferenceServer;
  target: TargetContext;
}

let runs = 0;

async function serve(fault?: string, variants: string[] = []): Promise<Server> {
  const server = await startReferenceServer({ ...(fault ? { fault } : {}), variants });
  const profile = { ...loadTargetProfile(referenceProfilePath()), baseUrl: server.url };
  // A run of its own per server: values a run shares (once()) never cross to another server.
  const config = runConfigFor({ runId: `state-model-${++runs}`, families: ['enrollments'], profile });
  const target = await createTargetContext(config, {
    ...process.env,
    ...referenceKeyEnv(),
  });
  return { server, target };
}

async function failureOf(
  target: TargetContext,
  opts: Omit<PropertyRunOptions<StateSequence>, 'timeLimitMs'>,
): Promise<PropertyCounterexample> {
  try {
    await checkProperty(createCheckContext(target, rules), (_t, replay) => stateSequences('planFull', replay), body, {
      ...opts,
      timeLimitMs: 60_000,
    });
  } catch (e) {
    if (isPropertyCounterexample(e)) return e;
    throw e;
  }
  throw new Error('the model passed against a faulty server');
}

const servers: Server[] = [];
const close = () =>
  Promise.all(
    servers.splice(0).map(async (s) => {
      await s.target.client.close();
      await s.server.close();
    }),
  );
afterAll(close);

describe('the state-machine model', () => {
  let clean: Server;
  let faulty: Server;
  beforeAll(async () => {
    [clean, faulty] = await Promise.all([serve(), serve('enr-cancel-effectuated')]);
    servers.push(clean, faulty);
  });

  test('passes against the reference server', async () => {
    await checkProperty(createCheckContext(clean.target, rules), () => stateSequences('planFull'), body, {
      seed: 3,
      numRuns: 3,
      timeLimitMs: 60_000,
    });
  }, 60_000);

  test('fails by the fault’s own rule, shrunk to the shortest sequence, printed as numbered steps', async () => {
    const failure = await failureOf(faulty.target, { seed: 11, numRuns: 10 });
    expect(isRuleViolation(failure.failure) && failure.failure.rules).toEqual(['ENR-CANCEL-PAST-PENDING-400']);
    // Create (coverage today) and submit: the sweep of the effectuated state tries the cancellation.
    expect(failure.steps).toMatch(/^1\. create a planFull application \(today start\)\n/);
    expect(failure.steps).toMatch(/\n2\. submit application #1 \(draft\)\n/);
    expect(failure.steps).not.toMatch(/\n3\. /);
    expect(failure.steps).toContain('try cancellations from effectuated: POST /v1/enrollments/');
    expect(failure.path).toMatch(/^\d+(:\d+)*@[A-Za-z0-9+/]*:[A-Za-z0-9+/]*$/);
  }, 120_000);

  test('the printed seed and path replay the same sequence at once', async () => {
    const first = await failureOf(faulty.target, { seed: 11, numRuns: 10 });
    const replay = await failureOf(faulty.target, { seed: first.seed, path: first.path, numRuns: 10 });
    expect(replay.counterexample).toBe(first.counterexample);
    expect(replay.steps.replace(/enr_[\w-]+/g, 'ID')).toBe(first.steps.replace(/enr_[\w-]+/g, 'ID'));
    expect(replay.numRuns).toBe(1);
  }, 120_000);
});

/** Faults only a sequence shows, with the rule each breaks (reference/enrollments/faults.ts). */
const SEQUENCE_FAULTS = [
  ['enr-cancel-effectuated', 'ENR-CANCEL-PAST-PENDING-400'],
  ['enr-list-status-lags', 'ENR-LIST-FILTER-FOLLOWS-STATUS'],
  ['enr-next-actions-stale', 'ENR-NEXT-ACTIONS-AVAILABLE'],
  ['enr-update-resets-status', 'ENR-UPDATE-KEEPS-POLICY-STATUS'],
] as const;

async function tourViolation(target: TargetContext): Promise<unknown> {
  try {
    await runTour(createCheckContext(target, rules));
  } catch (e) {
    return e;
  }
  return undefined;
}

// The tour draws nothing: what it shows it shows at every seed.
describe('the model’s directed tour', () => {
  test('passes against the reference server', async () => {
    const clean = await serve();
    servers.push(clean);
    expect(await tourViolation(clean.target)).toBeUndefined();
  }, 60_000);

  test.each(SEQUENCE_FAULTS)(
    'fails with %s by its own rule %s',
    async (fault, rule) => {
      const faulty = await serve(fault);
      servers.push(faulty);
      const failure = await tourViolation(faulty.target);
      expect(isRuleViolation(failure) && failure.rules).toEqual([rule]);
    },
    60_000,
  );
});

/**
 * What the history checks find after the tour (and `pauseMs` more) and the family's closing
 * lists: what each oracle over the run's exchanges observed of its broken claims.
 */
async function historyAfterTour(server: Server, pauseMs = 0) {
  const t = createCheckContext(server.target, rules);
  await runTour(t).catch(() => undefined);
  await new Promise((r) => setTimeout(r, pauseMs));
  const { unlisted } = await closing(t);
  const entries: JournalEntry[] = server.target.client
    .exchanges()
    .map((exchange) => ({ check: 'the tour', family: 'enrollments', api: 'v1', exchange }));
  const broken = (oracle: HistoryOracle) =>
    oracle
      .judge(entries, historyContextOf(server.target))
      .claims.filter((c) => !c.holds)
      .map((c) => c.observed());
  return {
    unlisted: unlisted.map((u) => u.state),
    drifts: broken(statusMoves),
    offered: broken(nextActionsOffered),
    rows: broken(rowsAgree),
  };
}

const NOTHING = { unlisted: [], drifts: [], offered: [], rows: [] };

describe('the history of a run, after the tour', () => {
  test('finds nothing on the reference server, nor on one whose list lags within the window', async () => {
    const clean = await serve();
    const lagging = await serve(undefined, ['enr-list-lags']);
    servers.push(clean, lagging);
    expect(await historyAfterTour(clean)).toEqual(NOTHING);
    expect(await historyAfterTour(lagging)).toEqual(NOTHING);
  }, 60_000);

  /** What the history finds after the tour on a server with `fault` (and `pauseMs` more). */
  async function historyWith(fault: string, pauseMs = 0) {
    const faulty = await serve(fault);
    servers.push(faulty);
    return historyAfterTour(faulty, pauseMs);
  }

  test('finds a cancellation lost a second after it settled', async () => {
    const { drifts } = await historyWith('enr-outcome-drifts', 1_100);
    expect(drifts).toHaveLength(1);
    expect(drifts[0]).toMatch(/ read cancelled .*, later pending_effectuation /);
  }, 60_000);

  test('finds a cancellation offered on a draft, in the create answers', async () => {
    const { offered } = await historyWith('enr-next-actions-cancel-draft');
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((o) => / \(draft, .*\) offers \/cancellations$/.test(o))).toBe(true);
  }, 60_000);

  test('finds list rows whose creation time is the update time', async () => {
    const { rows } = await historyWith('enr-list-row-created-at-updated');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /^enr_\w+: created_at: /.test(r))).toBe(true);
  }, 60_000);

  test('finds a policy that a PUT on it put back to pending, in the closing read', async () => {
    const { drifts } = await historyWith('enr-change-reopens-policy');
    expect(drifts.some((d) => / read effectuated .*, later pending_effectuation /.test(d))).toBe(true);
  }, 60_000);
});
