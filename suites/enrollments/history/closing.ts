/**
 * The family's closing lists: once the rest of the family has run, the account lists each state
 * its applications last showed (the stated policy_status filter, 4.9), and every application of
 * the run must be in the list of the state its latest answer shows. One that is not is read:
 * when it has moved on, the filter is not at fault (whether the move was allowed is
 * ENR-OUTCOME-STAYS's matter); when it has not, it is listed again (narrowed to its
 * external_id) until the profile's asyncTimeoutMs has passed, since a list may lag within the
 * asynchronous window, and read once more. Its reads join the run's history, which the history
 * checks over the whole run judge (suites/run-wide/history.conformance.ts).
 */
import { SkipCheck, type CheckContext, type Exchange } from '../../../harness/suite/index.js';
import { applicationIdOf, applicationRowsOf, policyStatusOf, type Json } from '../application-reader.js';
import { once } from '../applications.js';
import { listRequest, readRequest } from '../requests.js';
import { createdBy, latestSeen, runHistory, unknownAfter, type AppHistory, type Seen } from './timeline.js';
import type { PolicyStatus } from '../../../harness/model.js';

/** The largest page the list allows (4.9). */
const PAGE = 100;
/** Pages read per state at most: a state with more of the account's recent applications is judged on these. */
const MAX_PAGES = 3;
/** Applications missing from their state's list that are read (and polled) at most: the first one unlisted ends it. */
const MAX_CONFIRMED = 3;
/** How much coarser than it is stored an instant may be shown: updated_since starts this much earlier. */
const SHOWN_PRECISION_MS = 1_000;

/** An application its state's filter did not list within the window, though reads before and after show that state. */
interface Unlisted {
  app: AppHistory;
  state: PolicyStatus;
  /** The last list narrowed to it, and the read after. */
  list: Exchange;
  read: Exchange;
}

export interface Closing {
  /** The account's applications of the run as the closing began, each with the answer judged. */
  judged: Array<{ app: AppHistory; seen: Seen }>;
  /** The closing lists by state, and whether their pages reached the end. */
  lists: Map<PolicyStatus, { pages: Exchange[]; complete: boolean }>;
  unlisted: Unlisted[];
}

/** The run's history of applications so far. */
export const historySoFar = (t: CheckContext): Map<string, AppHistory> => runHistory(t.target.client.exchanges());

/** Status changes sent after the answer: what the application shows now is in flux. */
const changedAfter = (app: AppHistory, at: number): boolean =>
  app.sent.some((s) => s.at > at && s.kind !== 'update' && s.kind !== 'upload' && s.outcome !== 'refused');

/**
 * The applications of the run's own account (the family's key), each with its latest answer that
 * shows a status; one with a status change sent after that answer, or a write of unknown outcome,
 * is left out (what it shows now is not known).
 */
function judgedApplications(t: CheckContext): Array<{ app: AppHistory; seen: Seen }> {
  const apps = createdBy(historySoFar(t), t.defaultRole);
  const judged = apps.flatMap((app) => {
    const seen = latestSeen(app);
    return seen && !unknownAfter(app, seen.at) && !changedAfter(app, seen.at) ? [{ app, seen }] : [];
  });
  if (judged.length === 0)
    throw new SkipCheck(
      'applications this run created and saw (run it with its family, which makes them: --family enrollments)',
    );
  return judged;
}

/** A second before the earliest creation time the applications show (the target's own clock), or undefined. */
function updatedSince(judged: ReadonlyArray<{ app: AppHistory }>): string | undefined {
  const times = judged
    .map(({ app }) => Date.parse(String((app.create.response?.json as Json | undefined)?.created_at)))
    .filter((n) => !Number.isNaN(n));
  return times.length === 0 ? undefined : new Date(Math.min(...times) - SHOWN_PRECISION_MS).toISOString();
}

const idsOf = (ex: Exchange): string[] =>
  ex.response?.status === 200
    ? (applicationRowsOf(ex.response.json) ?? []).flatMap((r) => applicationIdOf(r) ?? [])
    : [];

async function listState(t: CheckContext, state: PolicyStatus, since: string | undefined) {
  const pages: Exchange[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = { policy_status: state, limit: PAGE, offset: page * PAGE, updated_since: since };
    const ex = await t.send({ ...listRequest(query), label: `closing list: policy_status=${state}, page ${page + 1}` });
    pages.push(ex);
    const rows = ex.response?.status === 200 ? applicationRowsOf(ex.response.json) : undefined;
    if (!rows) return { pages, complete: false };
    if (rows.length < PAGE) return { pages, complete: true };
  }
  return { pages, complete: false };
}

const stillIn = async (t: CheckContext, app: AppHistory, state: PolicyStatus, when: string): Promise<Exchange> =>
  t.send({ ...readRequest(app.id), label: `${app.id}, not listed under ${state}: its read ${when}` });

/**
 * An application missing from its state's list: read; if it still shows the state, listed again
 * (narrowed to it) until it shows or asyncTimeoutMs has passed, then read again.
 */
async function confirm(t: CheckContext, app: AppHistory, state: PolicyStatus): Promise<Unlisted | undefined> {
  if (policyStatusOf((await stillIn(t, app, state, 'now')).response?.json) !== state) return undefined;
  const externalId = typeof app.request.external_id === 'string' ? app.request.external_id : undefined;
  const list = await t.poll(
    { ...listRequest({ policy_status: state, external_id: externalId }), label: `${app.id} under ${state}, again` },
    (ex) => idsOf(ex).includes(app.id),
  );
  if (idsOf(list).includes(app.id)) return undefined;
  const read = await stillIn(t, app, state, 'after asyncTimeoutMs');
  return policyStatusOf(read.response?.json) === state ? { app, state, list, read } : undefined;
}

async function close(t: CheckContext): Promise<Closing> {
  const judged = judgedApplications(t);
  const since = updatedSince(judged);
  const lists = new Map<PolicyStatus, { pages: Exchange[]; complete: boolean }>();
  for (const state of new Set(judged.map(({ seen }) => seen.status!)))
    lists.set(state, await listState(t, state, since));
  const missing = judged.filter(({ app, seen }) => {
    const list = lists.get(seen.status!)!;
    return list.complete && !list.pages.some((ex) => idsOf(ex).includes(app.id));
  });
  const unlisted: Unlisted[] = [];
  for (const { app, seen } of missing.slice(0, MAX_CONFIRMED)) {
    const found = await confirm(t, app, seen.status!);
    if (found) {
      unlisted.push(found);
      break;
    }
  }
  return { judged, lists, unlisted };
}

/** The closing, made by the first history check that asks (its exchanges join that check's finding). */
export const closing = (t: CheckContext): Promise<Closing> => once(t, 'closingLists', () => close(t));
