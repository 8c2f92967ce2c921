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
import { modelAt, offeredRefusals, rowDisagreements, statusDrift } from '../suites/enrollments/history/judge.js';
import { createdBy, listedRows } from '../suites/enrollments/history/timeline.js';

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

/** What the history checks find after the tour (and `pauseMs` more): each judgement, over the run's exchanges. */
async function historyAfterTour(server: Server, pauseMs = 0) {
  const t = createCheckContext(server.target, rules);
  await runTour(t).catch(() => undefined);
  await new Promise((r) => setTimeout(r, pauseMs));
  const { unlisted, after } = await closing(t);
  const apps = createdBy(after, 'approved');
  const rows = listedRows(server.target.client.exchanges()).flatMap(({ at, row }) => {
    const seen = after.get(String(row.application_id))?.seen.findLast((s) => s.at < at);
    return seen ? rowDisagreements(row, seen.body) : [];
  });
  return {
    unlisted: unlisted.map((u) => u.state),
    drifts: apps.flatMap((app) => statusDrift(app) ?? []).map((d) => `${d.from.status} -> ${d.to.status}`),
    offered: apps.flatMap((app) =>
      app.seen.flatMap((seen) => {
        const model = modelAt(app, seen, 'planFull');
        return model ? offeredRefusals(model, seen.body) : [];
      }),
    ),
    rows,
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
    expect((await historyWith('enr-outcome-drifts', 1_100)).drifts).toEqual(['cancelled -> pending_effectuation']);
  }, 60_000);

  test('finds a cancellation offered on a draft, in the create answers', async () => {
    const { offered } = await historyWith('enr-next-actions-cancel-draft');
    expect(offered.length).toBeGreaterThan(0);
    expect(new Set(offered)).toEqual(new Set(['/cancellations']));
  }, 60_000);

  test('finds list rows whose creation time is the update time', async () => {
    const { rows } = await historyWith('enr-list-row-created-at-updated');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.startsWith('created_at: '))).toBe(true);
  }, 60_000);
});
