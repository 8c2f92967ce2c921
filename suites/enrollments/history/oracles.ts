/**
 * The history of direct-enrollment applications as oracles over the whole run (section 3, 4.9,
 * 5.4): every application any check, setup step, property or state-model sequence created, under
 * whichever key, and every answer that showed it, read from the run's journal
 * (harness/suite/run-history.ts) after every other suite file. Each oracle holds later answers
 * to earlier ones: a status moves only along section 3, next_actions offer only what the state
 * allows, a list row shows what the latest answer shows once the asynchronous window has passed,
 * an application's carrier capabilities stay what they were, and nothing created under one
 * account shows in another account's answers.
 */
import type { JournalEntry } from '../../../harness/model.js';
import type { HistoryClaim, HistoryContext, HistoryOracle } from '../../../harness/suite/run-history.js';
import { OTHER_ACCOUNT } from '../../../harness/suite/index.js';
import { applicationIdOf } from '../application-reader.js';
import { capabilitiesOf, strayHrefs } from '../observe.js';
import type { PlanFixture } from '../requests.js';
import { MODEL_PLANS } from '../state-model/carriers.js';
import { boundaryClaims } from './boundary.js';
import { modelAt, offeredRefusals, rowAgainstHistory, statusDrift } from './judge.js';
import { listedRows, runHistory, type AppHistory, type Seen } from './timeline.js';

const NEEDS =
  'applications the run created and answers that showed them (run it with its family: --family enrollments)';

const timelines = new WeakMap<readonly JournalEntry[], Map<string, AppHistory>>();

/** The run's applications, read once per journal. */
function historyOf(entries: readonly JournalEntry[]): Map<string, AppHistory> {
  let apps = timelines.get(entries);
  if (!apps) {
    apps = runHistory(entries.map((e) => e.exchange));
    timelines.set(entries, apps);
  }
  return apps;
}

const tally = (leftOut: Map<string, number>, why: string): void => {
  leftOut.set(why, (leftOut.get(why) ?? 0) + 1);
};

const where = (seen: Seen): string => seen.ex.label ?? seen.kind;

/** Section 3 (ENR-OUTCOME-STAYS): consecutive statuses of an application join only by a change section 3 describes. */
export const statusMoves: HistoryOracle = {
  needs: `${NEEDS}, two of them showing a policy_status`,
  judge(entries) {
    const leftOut = new Map<string, number>();
    const claims = [...historyOf(entries).values()].flatMap((app): HistoryClaim[] => {
      const shown = app.seen.filter((s) => s.status !== undefined);
      if (shown.length < 2) return [];
      if (app.sent.some((s) => s.outcome === 'unknown'))
        tally(leftOut, 'applications judged only up to a write of unknown outcome');
      const drift = statusDrift(app);
      const [from, to] = drift ? [drift.from, drift.to] : [shown.at(-2)!, shown.at(-1)!];
      return [
        {
          rules: ['ENR-OUTCOME-STAYS'],
          entries: [entries[from.at]!, entries[to.at]!],
          holds: drift === undefined,
          title: 'a status changed without a change section 3 describes',
          expected: `${app.id} moved only by what section 3 describes, over its ${shown.length} answers`,
          observed: () =>
            `${app.id} (created by ${app.role}) read ${from.status} (${where(from)}), later ${to.status} ` +
            `(${where(to)}), with no accepted change between that leads there`,
        },
      ];
    });
    return { claims, leftOut };
  },
};

/** The plan fixture an application was created for, when it is one the model knows the carrier of. */
const planOf = (t: HistoryContext, app: AppHistory): PlanFixture | undefined =>
  MODEL_PLANS.find((p) => t.fixture(p) !== undefined && t.fixture(p) === app.request.plan_hios_id);

/**
 * 2.8 (ENR-NEXT-ACTIONS-AVAILABLE, ENR-CREATE-NEXT-ACTIONS-HREF): every answer that showed an
 * application offers only actions on a /v1/enrollments route, and none whose section-3
 * precondition fails in the state it shows, for the carrier of its plan.
 */
export const nextActionsOffered: HistoryOracle = {
  needs: NEEDS,
  judge(entries, t) {
    const leftOut = new Map<string, number>();
    const claims = [...historyOf(entries).values()].flatMap((app) => {
      const plan = planOf(t, app);
      return app.seen.flatMap((seen): HistoryClaim[] => {
        const entry = entries[seen.at]!;
        const stray = strayHrefs(seen.body);
        const href: HistoryClaim = {
          rules: ['ENR-CREATE-NEXT-ACTIONS-HREF'],
          entries: [entry],
          holds: stray.length === 0,
          title: 'next action outside /v1/enrollments',
          expected: 'every next_actions[].href on a public /v1/enrollments route',
          observed: () => `${app.id}: hrefs ${stray.map((h) => JSON.stringify(h)).join(', ')}`,
        };
        const model = plan ? modelAt(app, seen, plan) : undefined;
        if (!model) {
          tally(leftOut, 'answers of a plan the model has no carrier for, or after a write of unknown outcome');
          return [href];
        }
        const offered = offeredRefusals(model, seen.body);
        const available: HistoryClaim = {
          rules: ['ENR-NEXT-ACTIONS-AVAILABLE'],
          entries: [entry],
          holds: offered.length === 0,
          title: 'next_actions offers an action the state does not allow',
          expected: 'no next action whose precondition (section 3) fails in the state the answer shows',
          observed: () => `${app.id} (${seen.status}, ${where(seen)}) offers ${offered.join(', ')}`,
        };
        return [href, available];
      });
    });
    return { claims, leftOut };
  },
};

/**
 * 4.9 (ENR-LIST-ROW-MATCHES-READ): every row of every list an account made of its own
 * applications agrees with what the latest answer before it showed, once the asynchronous window
 * has passed (judge.ts, rowAgainstHistory).
 */
export const rowsAgree: HistoryOracle = {
  needs: `${NEEDS}, listed by the account that created them`,
  judge(entries, t) {
    const apps = historyOf(entries);
    const leftOut = new Map<string, number>();
    const claims = listedRows(entries.map((e) => e.exchange)).flatMap(({ at, ex, role, row }): HistoryClaim[] => {
      const app = apps.get(applicationIdOf(row) ?? '');
      if (!app || app.role !== role || app.issuedTo.size > 1) return [];
      const judged = rowAgainstHistory(app, row, at, ex, t.asyncTimeoutMs);
      if ('skip' in judged) {
        tally(leftOut, judged.skip);
        return [];
      }
      const { latest, problems } = judged;
      return [
        {
          rules: ['ENR-LIST-ROW-MATCHES-READ'],
          entries: [entries[latest.at]!, entries[at]!],
          holds: problems.length === 0,
          title: 'a list row disagrees with its application',
          expected: `the row of ${app.id} as its latest answer (${where(latest)}) shows it, after asyncTimeoutMs`,
          observed: () => `${app.id}: ${problems.join('; ')}`,
        },
      ];
    });
    return { claims, leftOut };
  },
};

/** 4.9, 5.4: the account boundary over every answer of the run (boundary.ts). */
export const accountBoundary: HistoryOracle = {
  needs: `${NEEDS}, and answers to a key of another account (key role otherAccount)`,
  requires: { roles: [OTHER_ACCOUNT.role] },
  judge: (entries, t) => boundaryClaims(entries, historyOf(entries), t),
};

/** The first answer after `first` that states a capability of `first` otherwise, and the member. */
function capabilityChange(app: AppHistory): { from: Seen; to: Seen; member: string } | undefined {
  const shown = app.seen.map((seen) => ({ seen, flags: capabilitiesOf(seen.body) })).filter((s) => s.flags.size > 0);
  for (const [i, later] of shown.entries())
    for (const earlier of shown.slice(0, i))
      for (const [member, value] of later.flags)
        if (earlier.flags.has(member) && earlier.flags.get(member) !== value)
          return { from: earlier.seen, to: later.seen, member };
  return undefined;
}

/**
 * 2.8 (ENR-CARRIER-CAPABILITIES-STAY): the capabilities an application states are its carrier's,
 * not its state's: every answer that shows the application states each of them as the first did.
 */
export const capabilitiesStay: HistoryOracle = {
  needs: `${NEEDS}, two of them stating a carrier capability`,
  judge(entries) {
    const claims = [...historyOf(entries).values()].flatMap((app): HistoryClaim[] => {
      const stating = app.seen.filter((s) => capabilitiesOf(s.body).size > 0);
      if (stating.length < 2) return [];
      const change = capabilityChange(app);
      const [from, to] = change ? [change.from, change.to] : [stating[0]!, stating.at(-1)!];
      return [
        {
          rules: ['ENR-CARRIER-CAPABILITIES-STAY'],
          entries: [entries[from.at]!, entries[to.at]!],
          holds: change === undefined,
          title: "a carrier capability changed with the application's state",
          expected: `${app.id} states each carrier capability alike in its ${stating.length} answers`,
          observed: () => {
            if (!change) return 'alike';
            const [was, now] = [from, to].map((s) => String(capabilitiesOf(s.body).get(change.member)));
            return (
              `${app.id}: ${change.member} ${was} (${where(from)}, ${from.status ?? '?'}), ` +
              `later ${now} (${where(to)}, ${to.status ?? '?'})`
            );
          },
        },
      ];
    });
    return { claims, leftOut: new Map() };
  },
};
