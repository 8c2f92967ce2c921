/**
 * Applications the checks work on: created through the API, shared within a run where a check
 * only reads them, and driven through the state machine of section 3 with bounded polling.
 */
import {
  SkipCheck,
  StepFailed,
  stepFailed,
  type ApiRequest,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { applicationIdOf, policyStatusOf, type Json } from './application-reader.js';
import {
  actionRequest,
  createBody,
  domainMembers,
  createRequest,
  planYear,
  readRequest,
  type Action,
  type BodyParts,
  type PlanFixture,
} from './requests.js';

export type { Json } from './application-reader.js';

export interface Application {
  id: string;
  /** The create request body. */
  request: Json;
  /** The create response body. */
  created: Json;
  exchange: Exchange;
}

/** Rules the setup steps of this family break when the target answers them wrongly. */
export const CREATE_SUCCESS = 'ENR-CREATE-SUCCESS';
export const SUBMIT_202 = 'ENR-SUBMIT-202';

/**
 * Setup steps several checks share, by plan fixture: one name each, so every check a failure
 * blocked is grouped under the one step in the reports, and one hint at the fixture to check.
 */
export const SHARED_STEPS = {
  create: (plan: PlanFixture) => ({
    step: `create a ${plan} application`,
    hint: `check fixture ${plan} in the target profile: a plan the target enrolls in`,
  }),
  acceptedSubmission: (plan: PlanFixture) => ({
    step: `bring a ${plan} application to an accepted submission`,
    hint: `check fixture ${plan}: its test carrier must accept submissions`,
  }),
};

/**
 * Sends a keyed create. The key is fixed here, so a retry after a 429 (harness/suite/limited-retry.ts)
 * carries the same Idempotency-Key: a 429 is not stored (section 8).
 */
export async function sendCreate(t: CheckContext, req: ApiRequest): Promise<Exchange> {
  return t.send({
    ...req,
    idempotencyKey:
      req.idempotencyKey === true || req.idempotencyKey === undefined ? t.idempotencyKey('create') : req.idempotencyKey,
  });
}

/** Creates an application for the plan fixture; any 2xx with an id will do (the create rules are checked elsewhere). */
export async function createApplication(
  t: CheckContext,
  plan: PlanFixture,
  parts: BodyParts = {},
): Promise<Application> {
  const request = createBody(t, t.fixture<string>(plan), parts);
  const ex = await sendCreate(t, { ...createRequest(request), label: `create a ${plan} application` });
  const status = ex.response?.status ?? 0;
  const created = ex.response?.json as Json | undefined;
  const id = applicationIdOf(created);
  if (status < 200 || status > 299 || !id || !created) {
    const { step, hint } = SHARED_STEPS.create(plan);
    stepFailed(step, ex, 'a 2xx with the application and its id', { breaks: [CREATE_SUCCESS], hint });
  }
  return { id, request, created, exchange: ex };
}

/** Values shared by the checks of one run (applications in a known state), by name. */
const shared = new Map<string, Promise<unknown>>();

/**
 * A step the target refused outright (a 4xx other than 429): asking again in the same run
 * would be refused the same way, so the checks that need it are blocked without sending it again.
 */
function refusedOutright(e: unknown): boolean {
  const status = e instanceof StepFailed ? e.failure.exchange.response?.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}

/**
 * The run's value called `name`, made by the first check that asks (its exchanges join that
 * check's finding). A failed make is forgotten, so the next check tries again, unless the
 * target refused the step outright.
 */
export function once<T>(t: CheckContext, name: string, make: () => Promise<T>): Promise<T> {
  const key = `${t.config.runId} ${name}`;
  let value = shared.get(key) as Promise<T> | undefined;
  if (!value) {
    value = make();
    shared.set(key, value);
    value.catch((e: unknown) => {
      if (!refusedOutright(e)) shared.delete(key);
    });
  }
  return value;
}

/** The step the keyed-create checks share: the run's one keyed create of a planFull application. */
export const FIRST_CREATE = 'create a planFull application with an Idempotency-Key';

/** One keyed create per run: the replay, mismatch and scoping checks (of either account) reuse its key. */
export function keyedCreate(t: CheckContext): Promise<{ req: ApiRequest; first: Exchange }> {
  return once(t, 'keyedCreate', async () => {
    const req = createRequest(createBody(t, t.fixture<string>('planFull')), {
      idempotencyKey: t.idempotencyKey('keyed'),
    });
    return { req, first: await t.send({ ...req, label: 'first call' }) };
  });
}

/** The run's application called `name`, for checks that do not change it. */
export function sharedApplication(
  t: CheckContext,
  name: string,
  plan: PlanFixture,
  parts: BodyParts = {},
): Promise<Application> {
  return once(t, name, () => createApplication(t, plan, parts));
}

/**
 * A clean planFull draft that no check changes (the create check offers its own), with members
 * drawn from the domain (an external_id of any characters, names of every kind): the external_id
 * filter finds it by that id.
 */
export const fullDraft = (t: CheckContext) =>
  sharedApplication(t, 'fullDraft', 'planFull', { extra: domainMembers(t, 'fullDraft') });
/** A clean planLimited draft of the next plan year (differs from fullDraft in every list filter). */
export const limitedDraft = (t: CheckContext) =>
  sharedApplication(t, 'limitedDraft', 'planLimited', { planYear: planYear(t) + 1 });
/** A planFull draft with a special enrollment period: the uploads go to it. */
export const sepDraft = (t: CheckContext) => sharedApplication(t, 'sepDraft', 'planFull', { withSep: true });
/** A planFull draft the state refusals (cancel, terminate) act on. */
export const refusalDraft = (t: CheckContext) => sharedApplication(t, 'refusalDraft', 'planFull');
/**
 * Every shared draft the run can make, for a check that needs applications to exist anyway: the
 * planLimited one only when the profile has that plan (the check declares planFull alone).
 */
export const sharedDrafts = (t: CheckContext) => [
  fullDraft,
  ...(t.target.fixture('planLimited') === undefined ? [] : [limitedDraft]),
  sepDraft,
  refusalDraft,
];

/** Offers a value a check made anyway (e.g. the create check's application) to later checks. */
export function share<T>(t: CheckContext, name: string, value: T): void {
  const key = `${t.config.runId} ${name}`;
  if (!shared.has(key)) shared.set(key, Promise.resolve(value));
}

/** The policy_status an exchange's body shows. */
export const statusOf = (ex: Exchange | undefined): string | undefined => policyStatusOf(ex?.response?.json);

/** Poll spacing: the poll's timeout spread over its attempt bound, so a slow target costs a known number of reads. */
function pollIntervalMs(t: CheckContext): number {
  const timeout = t.config.profile.asyncTimeoutMs ?? 5_000;
  return Math.min(1_000, Math.max(50, Math.round(timeout / 40)));
}

/**
 * Reads the application until its policy_status leaves `from` (bounded by the profile's
 * asyncTimeoutMs); returns the last read.
 */
export function readUntilLeaves(
  t: CheckContext,
  id: string,
  from: readonly string[],
  label: string,
): Promise<Exchange> {
  return t.poll(
    { ...readRequest(id), label },
    (ex) => ex.response?.status === 200 && statusOf(ex) !== undefined && !from.includes(statusOf(ex)!),
    { intervalMs: pollIntervalMs(t) },
  );
}

/** The outcome of a submit, cancel or terminate, and the read a client owes after an unknown result. */
export interface ActionResult {
  ex: Exchange;
  /** Present when the result was unknown (no response or a 5xx): section 3.5 says read before retrying. */
  readAfter?: Exchange;
}

/**
 * Sends a submit, cancel or terminate once. After a timeout or an unknown-result failure the
 * application is read, as section 3.5 requires before any retry; the suite then stops there
 * (no blind retry that could double an action), and the read shows the state in the finding.
 */
export async function sendAction(t: CheckContext, id: string, action: Action, label?: string): Promise<ActionResult> {
  const ex = await t.send({ ...actionRequest(id, action), label: label ?? action });
  const unknown = !ex.response || ex.response.status >= 500;
  if (!unknown) return { ex };
  const readAfter = await t.send({ ...readRequest(id), label: `read after the unknown result of ${action} (3.5)` });
  return { ex, readAfter };
}

/**
 * Submits a clean application and waits until the carrier's answer shows (policy_status leaves
 * draft). Used as setup by the cancellation and termination checks.
 */
export async function submitAndSettle(t: CheckContext, app: Application): Promise<Exchange> {
  const { ex } = await sendAction(t, app.id, 'submissions', 'submit (setup)');
  if (ex.response?.status !== 202) stepFailed('submit a clean application', ex, 'status 202', { breaks: [SUBMIT_202] });
  return readUntilLeaves(t, app.id, ['draft'], 'poll until the submission outcome shows');
}

/**
 * The premise of a check that acts on a policy in `state`: the last read shows it. The contract
 * states no transition and no time for one, so a target that is slower than asyncTimeoutMs, or
 * moves on earlier, cannot show the check's rule either way: the check is skipped, naming why.
 */
function requireState(read: Exchange, state: string, what: string): void {
  const seen = statusOf(read);
  if (seen !== state)
    throw new SkipCheck(`${what} (the last read shows policy_status ${JSON.stringify(seen ?? null)})`);
}

/** Setup: a policy pending effectuation (a future start keeps it pending). */
export async function pendingApplication(t: CheckContext, plan: PlanFixture): Promise<Application> {
  const app = await createApplication(t, plan, { start: 'future' });
  requireState(
    await submitAndSettle(t, app),
    'pending_effectuation',
    `a ${plan} application that reads pending_effectuation after its submission, within asyncTimeoutMs`,
  );
  return app;
}

/** Waits for a pending policy to become active (setup of the termination checks). */
export async function settleEffectuated(t: CheckContext, app: Application): Promise<Exchange> {
  const active = await submitUntilEffectuated(t, app);
  requireState(active, 'effectuated', 'a policy that becomes effectuated within asyncTimeoutMs (see ENR-EFFECTUATION)');
  return active;
}

/**
 * Submits a clean application and reads until its policy leaves pending_effectuation (bounded);
 * returns the last read. Setup fails only when the submit is not answered 202; a submission
 * still in draft, or not accepted, skips the check.
 */
export async function submitUntilEffectuated(t: CheckContext, app: Application): Promise<Exchange> {
  const settled = await submitAndSettle(t, app);
  // A slow poll may first see the policy already effectuated: pending_effectuation lay between two reads.
  if (statusOf(settled) === 'effectuated') return settled;
  requireState(
    settled,
    'pending_effectuation',
    'an accepted submission that reads pending_effectuation within asyncTimeoutMs',
  );
  return readUntilLeaves(t, app.id, ['pending_effectuation'], 'poll until the policy is effectuated');
}
