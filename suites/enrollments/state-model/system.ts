/**
 * The real side of a model run: the check's context, the applications made so far (index for
 * index with the model's), and the step counter that numbers every request's label, so a
 * failure's exchanges read as numbered steps. Reads compare what the target shows with the model.
 */
import { stepFailed, stepLabel, type CheckContext, type Exchange } from '../../../harness/suite/index.js';
import { applicationIdOf, applicationRowsOf, nextActionPaths, type Json } from '../application-reader.js';
import { readUntilLeaves, statusOf } from '../applications.js';
import { expectAnyRefusal, expectRefused, expectRows } from '../observe.js';
import { actionRequest, listRequest, readRequest } from '../requests.js';
import { ACTION_ROUTES, isRefusal, refusedOffers, type ModelApp, type Prediction } from './model.js';
import type { PolicyStatus } from '../../../harness/model.js';

interface RealApp {
  id: string;
  externalId: string;
  /** The create request body (a PUT sends its context back). */
  request: Json;
}

export interface Real {
  t: CheckContext;
  apps: RealApp[];
  /** The number of the step running now (1-based). */
  step: number;
  /** States (per application) whose refusals this run has tried already. */
  swept: Set<string>;
}

export const newReal = (t: CheckContext): Real => ({ t, apps: [], step: 0, swept: new Set() });

/** Starts the next step; returns the label prefix of its requests. */
export function beginStep(real: Real, what: string): string {
  real.step += 1;
  return stepLabel(real.step, what);
}

/** Holds the answer to the prediction: its statuses (and code) under its rule, else no 5xx. */
export function expectPredicted(t: CheckContext, ex: Exchange, p: Prediction): void {
  if (p.rule === undefined) {
    t.expect.rules('EDGE-NO-5XX').that(ex, {
      holds: (ex.response?.status ?? 0) < 500 && ex.response !== undefined,
      title: 'server error',
      expected: `one of ${p.statuses.join(', ')} (the contract states no outcome here)`,
      observed: `status ${ex.response?.status ?? 'none'}`,
    });
    return;
  }
  if (p.anyRefusal) expectAnyRefusal(t.expect.rules(p.rule), ex);
  else if (p.code) expectRefused(t.expect.rules(p.rule), ex, p.statuses, p.code);
  else t.expect.rules(p.rule).status(ex, p.statuses);
}

/** The status a read shows is the model's; the rule is the claim that put the application there. */
function expectStatus(t: CheckContext, ex: Exchange, app: ModelApp): void {
  const shown = statusOf(ex);
  t.expect.rules(app.statusRule).that(ex, {
    holds: shown === app.status,
    title: 'policy_status not as the sequence leads to',
    expected: `policy_status ${app.status}`,
    observed: `policy_status ${JSON.stringify(shown)}`,
  });
}

/** next_actions[] offers no action whose precondition (section 3) the model says fails. */
function expectNextActions(t: CheckContext, ex: Exchange, app: ModelApp): void {
  const hrefs = nextActionPaths(ex.response?.json);
  const offered = refusedOffers(app, hrefs);
  t.expect.rules('ENR-NEXT-ACTIONS-AVAILABLE').that(ex, {
    holds: offered.length === 0,
    title: 'next_actions offers an action the state does not allow',
    expected: `no next action to ${
      ACTION_ROUTES.filter((r) => isRefusal(r.predict(app)))
        .map((r) => r.suffix)
        .join(', ') || '(none)'
    } while ${app.status}`,
    observed: `next_actions hrefs ${JSON.stringify(hrefs)}`,
  });
}

/** Reads the application and compares its status and next_actions with the model. */
export async function observe(real: Real, index: number, app: ModelApp, label: string): Promise<Exchange> {
  const { t } = real;
  const ex = await t.send({ ...readRequest(real.apps[index].id), label });
  t.expect.rules('ENR-READ-200').status(ex, 200);
  expectStatus(t, ex, app);
  expectNextActions(t, ex, app);
  return ex;
}

/**
 * An outcome the contract allows but the profile's test carrier should not give (an accepting
 * carrier's submission_failed): the target is not set up as the profile says, a setup step.
 */
export interface CarrierMismatch {
  shown: PolicyStatus;
  step: string;
  hint: string;
}

/**
 * Polls until the status leaves `from` (bounded by the profile's asyncTimeoutMs) and holds that
 * it is one of `to` under `ruleOf` (a rule, or the rule for the status shown); the model takes it.
 */
export async function settle(
  real: Real,
  index: number,
  app: ModelApp,
  from: readonly PolicyStatus[],
  to: readonly PolicyStatus[],
  ruleOf: string | ((shown: string | undefined) => string),
  label: string,
  mismatch?: CarrierMismatch,
): Promise<void> {
  const { t } = real;
  const last = await readUntilLeaves(t, real.apps[index].id, from, label);
  const shown = statusOf(last);
  if (mismatch && shown === mismatch.shown)
    stepFailed(mismatch.step, last, `policy_status ${to.join(' or ')}`, { hint: mismatch.hint });
  const rule = typeof ruleOf === 'string' ? ruleOf : ruleOf(shown);
  t.expect.rules(rule).that(last, {
    holds: (to as readonly unknown[]).includes(shown),
    title: 'asynchronous outcome not shown',
    expected: `policy_status ${to.join(' or ')} within asyncTimeoutMs`,
    observed: `policy_status ${JSON.stringify(shown)}`,
  });
  app.status = shown as PolicyStatus;
  app.statusRule = rule;
  // The read that shows the outcome shows the actions of the new state too.
  expectNextActions(t, last, app);
}

/**
 * Once per state an application reaches in a run, tries every status change the model says
 * section 3 refuses there (each costs one request and changes nothing when refused) and lists
 * by the new status, so every reachable state meets every operation without waiting for the
 * draw to line them up.
 */
/** The list filtered on the model's status and the application's external_id shows it, within asyncTimeoutMs. */
export async function expectListed(real: Real, index: number, app: ModelApp, label: string): Promise<void> {
  const { t } = real;
  const { id, externalId } = real.apps[index];
  const listed = (ex: Exchange): boolean =>
    (applicationRowsOf(ex.response?.json) ?? []).some((r) => applicationIdOf(r) === id);
  const ex = await t.poll(
    { ...listRequest({ policy_status: app.status, external_id: externalId }), label },
    (e) => e.response?.status === 200 && listed(e),
  );
  const rows = expectRows(t.expect.rules('ENR-LIST-200'), ex);
  t.expect.rules('ENR-LIST-FILTER-FOLLOWS-STATUS').that(ex, {
    holds: listed(ex),
    title: 'the list filter does not follow the status',
    expected:
      `application ${id} listed under policy_status=${app.status}, the status its read shows, ` +
      `within asyncTimeoutMs`,
    observed: () => `rows ${JSON.stringify(rows.map((r) => [applicationIdOf(r), r.policy_status]))}`,
  });
}

export async function sweepRefusals(real: Real, index: number, app: ModelApp, label: string): Promise<void> {
  const key = `${index} ${app.status} ${app.submitted} ${app.changed} ${app.hasErrors}`;
  if (!app.known || real.swept.has(key)) return;
  real.swept.add(key);
  for (const route of ACTION_ROUTES) {
    const prediction = route.predict(app);
    if (!isRefusal(prediction)) continue;
    const action = route.suffix.slice(1) as 'submissions' | 'cancellations' | 'terminations';
    const ex = await real.t.send(
      actionRequest(real.apps[index].id, action, { label: `${label}: try ${action} from ${app.status}` }),
    );
    expectPredicted(real.t, ex, prediction);
  }
  await expectListed(real, index, app, `${label}: list by policy_status=${app.status}`);
}
