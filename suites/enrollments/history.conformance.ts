/**
 * The history of a run (section 3, 4.9, 8): after the rest of the family, what the run has seen
 * of its applications is held together, not one exchange at a time. A create replayed later is
 * still its first answer; the list filtered on a state includes, within the asynchronous window,
 * every application whose latest answer shows it; a list row agrees with its application's
 * answers; a status moves only by a change section 3 describes; next_actions offer only what the
 * state allows. The checks read what the run already sent (history/timeline.ts) and add a few
 * requests: two replays and one list per state (history/closing.ts). This file runs last in its
 * family (engine/suite-order.ts).
 */
import { expectReplayRuleByRule, SkipCheck, verify, type CheckContext } from '../../harness/suite/index.js';
import { applicationIdOf } from './application-reader.js';
import { ENROLLMENTS_PATH, type PlanFixture } from './requests.js';
import { closing, historySoFar } from './history/closing.js';
import { modelAt, offeredRefusals, rowDisagreements, statusDrift } from './history/judge.js';
import { createdBy, latestSeen, listedRows, type AppHistory } from './history/timeline.js';
import { strayHrefs } from './observe.js';
import { MODEL_PLANS } from './state-model/carriers.js';

const needs = { writes: true, fixtures: ['planFull'] };
/** Creates replayed late in the run at most. */
const REPLAYS = 2;

/** The plan fixture an application was created for, when it is one the model knows the carrier of. */
const planOf = (t: CheckContext, app: AppHistory): PlanFixture | undefined =>
  MODEL_PLANS.find((p) => t.target.fixture(p) !== undefined && t.target.fixture(p) === app.request.plan_hios_id);

/** The run's own applications so far, or a skip when the run made none. */
function ownApplications(t: CheckContext): AppHistory[] {
  const apps = createdBy(historySoFar(t), t.defaultRole);
  if (apps.length === 0)
    throw new SkipCheck('applications this run created (run it with its family: --family enrollments)');
  return apps;
}

/** Keyed creates whose application changed since (a submission accepted, another status shown), one per status. */
function changedSinceCreated(apps: readonly AppHistory[]): AppHistory[] {
  const firstStatus = (a: AppHistory) => a.seen[0]?.status;
  const changed = apps.filter(
    (a) =>
      a.key !== undefined &&
      a.create.response!.status < 300 &&
      (a.sent.some((s) => s.kind === 'submit' && s.outcome === 'accepted') || latestSeen(a)?.status !== firstStatus(a)),
  );
  // One of each status the applications reached, so the replays follow different histories.
  const byStatus = new Map(changed.map((a) => [latestSeen(a)?.status, a]));
  return [...byStatus.values()].slice(0, REPLAYS);
}

verify(
  'a create replayed later in the run, after its application was submitted or changed status, ' +
    'repeats the first answer verbatim with Idempotent-Replay: true',
  ['IDEMP-REPLAY-STATUS', 'IDEMP-REPLAY-BODY-VERBATIM', 'IDEMP-REPLAY-HEADER'],
  async (t) => {
    const chosen = changedSinceCreated(ownApplications(t));
    if (chosen.length === 0) throw new SkipCheck('an application this run created with a key and changed since');
    for (const app of chosen) {
      const again = await t.send({
        method: 'POST',
        path: ENROLLMENTS_PATH,
        body: app.create.request.body,
        contentType: 'application/json',
        idempotencyKey: app.key,
        role: app.role,
        label: `the create of ${app.id} again, now ${latestSeen(app)?.status ?? 'changed'}`,
      });
      expectReplayRuleByRule(t, app.create, again);
    }
  },
  { needs },
);

verify(
  'the list filtered on a policy_status includes, within asyncTimeoutMs, ' +
    'every application of the run whose latest answer shows that status',
  ['ENR-LIST-FILTER-FOLLOWS-STATUS'],
  async (t) => {
    const { judged, unlisted, lists } = await closing(t);
    const missing = unlisted[0];
    const last = [...lists.values()].at(-1)!.pages.at(-1)!;
    t.expect.that(missing?.list ?? last, {
      holds: missing === undefined,
      title: "an application in a state is not in that state's list",
      expected: `each of the run's ${judged.length} applications under the status it reads, within asyncTimeoutMs`,
      observed: () =>
        `${missing!.app.id} reads ${missing!.state} before and after the lists, ` +
        `and is not listed under policy_status=${missing!.state}`,
    });
  },
  { needs },
);

verify(
  'every list row of the run agrees with the latest answer of its application (external_id, plan, year, creation)',
  ['ENR-LIST-ROW-MATCHES-READ'],
  async (t) => {
    await closing(t);
    const apps = historySoFar(t);
    const exchanges = t.target.client.exchanges();
    const judged = listedRows(exchanges).flatMap(({ at, ex, role, row }) => {
      const app = apps.get(applicationIdOf(row) ?? '');
      const seen = app?.role === role ? app.seen.findLast((s) => s.at < at) : undefined;
      // A PUT sent between them, even one without an answer to read, may have changed the row's members.
      if (!app || !seen || app.sent.some((s) => s.kind === 'update' && s.at > seen.at && s.at < at)) return [];
      return [{ ex, app, problems: rowDisagreements(row, seen.body) }];
    });
    if (judged.length === 0) throw new SkipCheck("list rows of the run's own applications");
    const wrong = judged.find((j) => j.problems.length > 0);
    t.expect.that(wrong?.ex ?? judged.at(-1)!.ex, {
      holds: wrong === undefined,
      title: 'a list row disagrees with its application',
      expected: `each of ${judged.length} rows as its application's latest answer shows it`,
      observed: () => `${wrong!.app.id}: ${wrong!.problems.join('; ')}`,
    });
  },
  { needs },
);

verify(
  'no application of the run leaves a status except by a change section 3 describes ' +
    "(a submission's, cancellation's or termination's outcome, effectuation)",
  ['ENR-OUTCOME-STAYS'],
  async (t) => {
    const { after } = await closing(t);
    const apps = createdBy(after, t.defaultRole);
    const drift = apps.map((app) => ({ app, drift: statusDrift(app) })).find((d) => d.drift !== undefined);
    const { from, to } = drift?.drift ?? {};
    t.expect.that(to?.ex ?? apps.at(-1)!.create, {
      holds: drift === undefined,
      title: 'a status changed without a change section 3 describes',
      expected: `each of the run's ${apps.length} applications moved only by what section 3 describes`,
      observed: () =>
        `${drift!.app.id} read ${from!.status} (${from!.ex.label ?? from!.kind}), ` +
        `later ${to!.status} (${to!.ex.label ?? to!.kind}), with no accepted change between that leads there`,
    });
  },
  { needs },
);

verify(
  'next_actions of every answer of the run offer only what the state it shows allows, each on a /v1/enrollments route',
  ['ENR-NEXT-ACTIONS-AVAILABLE', 'ENR-CREATE-NEXT-ACTIONS-HREF'],
  async (t) => {
    const answers = ownApplications(t).flatMap((app) => {
      const plan = planOf(t, app);
      return app.seen.map((seen) => {
        const model = plan ? modelAt(app, seen, plan) : undefined;
        return { app, seen, offered: model ? offeredRefusals(model, seen.body) : [], stray: strayHrefs(seen.body) };
      });
    });
    const stray = answers.find((a) => a.stray.length > 0);
    t.expect.rules('ENR-CREATE-NEXT-ACTIONS-HREF').that(stray?.seen.ex ?? answers.at(-1)!.seen.ex, {
      holds: stray === undefined,
      title: 'next action outside /v1/enrollments',
      expected: `every next_actions[].href of ${answers.length} answers on a public /v1/enrollments route`,
      observed: () => `${stray!.app.id}: hrefs ${stray!.stray.map((h) => JSON.stringify(h)).join(', ')}`,
    });
    const offered = answers.find((a) => a.offered.length > 0);
    t.expect.rules('ENR-NEXT-ACTIONS-AVAILABLE').that(offered?.seen.ex ?? answers.at(-1)!.seen.ex, {
      holds: offered === undefined,
      title: 'next_actions offers an action the state does not allow',
      expected: `no next action whose precondition (section 3) fails, in any of ${answers.length} answers`,
      observed: () =>
        `${offered!.app.id} (${offered!.seen.status}, ${offered!.seen.ex.label ?? offered!.seen.kind}) ` +
        `offers ${offered!.offered.join(', ')}`,
    });
  },
  { needs },
);
