/**
 * The history of a run (section 3, 4.9, 8): after the rest of the family, the requests its
 * history needs besides what the run already sent (history/timeline.ts): a create replayed late
 * is still its first answer, and the list filtered on a state includes, within the asynchronous
 * window, every application whose latest answer shows it. They add a few requests: two replays
 * and one list per state (history/closing.ts). What the run's answers show of its applications
 * over time (statuses, rows, next_actions, the account boundary) is judged over the whole run
 * by suites/run-wide/history.conformance.ts, these exchanges included. This file runs last in its
 * family (engine/suite-order.ts).
 */
import { expectReplayRuleByRule, SkipCheck, verify, type CheckContext } from '../../harness/suite/index.js';
import { ENROLLMENTS_PATH } from './requests.js';
import { closing, historySoFar } from './history/closing.js';
import { createdBy, latestSeen, type AppHistory } from './history/timeline.js';

const needs = { writes: true, fixtures: ['planFull'] };
/** Creates replayed late in the run at most. */
const REPLAYS = 2;

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
