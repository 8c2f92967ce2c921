/**
 * The applications an overlap acts on: ones the run already made, in the state the overlap
 * needs (read back from the run's history), else made here (a create, then a submission and
 * its outcome). Either way a read just before the overlap shows the state the model starts from.
 */
import { stepStatus, type CheckContext, type Exchange } from '../../../harness/suite/index.js';
import type { Json } from '../application-reader.js';
import { createApplication, readUntilLeaves, sendAction } from '../applications.js';
import { historySoFar } from '../history/closing.js';
import { modelAt } from '../history/judge.js';
import { createdBy, latestSeen, type AppHistory } from '../history/timeline.js';
import { targetToday } from '../../../harness/suite/target-clock.js';
import { isoDay, readRequest, type Start } from '../requests.js';
import type { SubjectState } from './overlap.js';

export interface Subject {
  id: string;
  /** Its create body (a PUT sends it back whole). */
  request: Json;
  start: Start;
  /** The read just before the overlap. */
  read: Exchange;
}

/** When coverage starts, from the create body: a date after the target's today keeps a submitted policy pending. */
const startOf = (t: CheckContext, request: Json): Start => {
  const start = request.desired_effective_date;
  return typeof start === 'string' && start > isoDay(0, targetToday(t)) ? 'future' : 'today';
};

/**
 * Whether the run's application shows `state` with a history the model can start from: a
 * planFull one, no write of unknown outcome or after that answer, no status change accepted, and
 * (a draft) no outstanding errors and no submission; (a submitted one) exactly one submission
 * and no change since.
 */
function fits(t: CheckContext, app: AppHistory, state: SubjectState): boolean {
  const seen = latestSeen(app);
  if (!seen || seen.status !== state || app.request.plan_hios_id !== t.fixture<string>('planFull')) return false;
  // A write not refused after the latest answer (another check's last step) changed what that answer shows.
  const since = app.sent.some((s) => s.at > seen.at && s.outcome !== 'refused');
  const model = modelAt(app, seen, 'planFull');
  const pendingChange = app.sent.some(
    (s) => s.outcome === 'accepted' && (s.kind === 'cancel' || s.kind === 'terminate'),
  );
  if (!model || since || pendingChange || model.hasErrors || model.resubmitted) return false;
  return state === 'draft' ? !model.submitted : model.submitted && !model.changed;
}

/** Makes an application in `state`: a draft, or one submitted and read until its outcome shows. */
async function made(t: CheckContext, state: SubjectState, label: string): Promise<{ id: string; request: Json }> {
  const start: Start = state === 'effectuated' ? 'today' : 'future';
  const app = await createApplication(t, 'planFull', { start });
  if (state === 'draft') return app;
  const { ex } = await sendAction(t, app.id, 'submissions', `${label}: submit`);
  stepStatus(`submit application ${label}`, ex, [202], { breaks: ['ENR-SUBMIT-202'] });
  const from = state === 'effectuated' ? ['draft', 'pending_effectuation'] : ['draft'];
  await readUntilLeaves(t, app.id, from, `${label}: poll until it is ${state}`);
  return app;
}

/** The applications for `states` (one each), taken from the run where it has them, and read before the overlap. */
export async function subjectsFor(t: CheckContext, states: readonly SubjectState[]): Promise<Subject[]> {
  const taken = new Set<string>();
  const history = createdBy(historySoFar(t), t.defaultRole);
  const subjects: Subject[] = [];
  for (const [i, state] of states.entries()) {
    const label = `#${i + 1} (${state})`;
    const found = history.find((app) => !taken.has(app.id) && fits(t, app, state));
    const { id, request } = found ?? (await made(t, state, label));
    taken.add(id);
    const read = await t.send({ ...readRequest(id), label: `read application ${label} before the overlap` });
    stepStatus(`read application ${label} before the overlap`, read, [200], { breaks: ['ENR-READ-200'] });
    subjects.push({ id, request, start: startOf(t, request), read });
  }
  return subjects;
}
