/**
 * The application as the API shows it, in the provider document's shapes: ApplicationResponse
 * (create, read, PUT), ApplicationListItem (list), SubmitResponse and StatusChangeResponse.
 * `application_id` is the id; the application data is echoed under `application`. One member
 * the document lacks stays, because the contract (2.8) names it: `carrier`, the carrier's
 * capabilities (cancellation, termination and post-enrollment change support).
 */
import type { IsOn } from '../core/switch.js';
import type { Application } from './application.js';
import { employerOf, planYearOf } from './application.js';
import { carrierOf, issuerOf } from './carriers.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { cancelRefusal, paymentRefusal, submitRefusal, terminateRefusal, updateRefusal } from './preconditions.js';

interface NextAction {
  rel: string;
  method: 'GET' | 'POST' | 'PUT';
  href: string;
  required?: boolean;
}

const never: IsOn = () => false;
const settled = (a: Application): boolean =>
  a.policy_status === 'pending_effectuation' || a.policy_status === 'effectuated';

/** Actions a client may take next (the document's NextAction rels), each with the route that takes it. */
const ACTIONS: ReadonlyArray<{
  rel: string;
  method: NextAction['method'];
  suffix: string;
  open: (a: Application, now: Date, on: IsOn) => boolean;
}> = [
  { rel: 'self', method: 'GET', suffix: '', open: () => true },
  { rel: 'update', method: 'PUT', suffix: '', open: (a) => updateRefusal(a, never) === null },
  // The fault offers a submission whenever there are no errors, as for a draft.
  {
    rel: 'submit',
    method: 'POST',
    suffix: '/submissions',
    open: (a, _now, on) => submitRefusal(a, never) === null || (on(F.nextActionsStale) && a.errors.length === 0),
  },
  // The fault offers a cancellation on a draft too, wherever the carrier supports cancellation.
  {
    rel: 'cancel',
    method: 'POST',
    suffix: '/cancellations',
    open: (a, _now, on) =>
      cancelRefusal(a, never) === null ||
      (on(F.nextActionsCancelDraft) &&
        a.policy_status === 'draft' &&
        carrierOf(a.data.plan_hios_id).supports_cancellation),
  },
  {
    rel: 'terminate',
    method: 'POST',
    suffix: '/terminations',
    open: (a, now) => terminateRefusal(a, now, never) === null,
  },
  {
    rel: 'payment_redirect',
    method: 'GET',
    suffix: '/payment_redirect',
    open: (a) => paymentRefusal(a, never) === null && settled(a),
  },
  {
    rel: 'upload_supporting_documentation',
    method: 'POST',
    suffix: '/supporting_documentation',
    open: (a) => a.document_status === 'required',
  },
];

function nextActions(app: Application, now: Date, on: IsOn): NextAction[] {
  // The fault points clients at the older ICHRA routes instead of /v1/enrollments.
  const base = on(F.nextActionsLegacyHref) ? `/api/v1/applications/${app.id}` : `/v1/enrollments/${app.id}`;
  return ACTIONS.filter((a) => a.open(app, now, on)).map((a) => ({
    rel: a.rel,
    method: a.method,
    href: base + a.suffix,
  }));
}

/** The document's PaymentInstructions for the application's carrier. */
function paymentInstructions(app: Application): Record<string, unknown> {
  return {
    payment_required_with_submission: false,
    payment_redirect_supported: carrierOf(app.data.plan_hios_id).payment_redirect_supported,
    pay_by_phone_supported: false,
    payment_phone_number: null,
  };
}

/** Members typed `string` by the document appear only when they hold one. */
function strings(members: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(members).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

/** ApplicationResponse: create (201), read and PUT (200). */
export function toView(app: Application, now: Date, on: IsOn): Record<string, unknown> {
  const carrier = carrierOf(app.data.plan_hios_id);
  const sep = app.data.special_enrollment_period as Record<string, unknown> | undefined;
  const submitted = app.submitted_revision !== null;
  const view: Record<string, unknown> = {
    application_id: app.id,
    ...strings({ external_id: app.data.external_id }),
    policy_status: app.policy_status,
    document_status: app.document_status,
    sep_reason: typeof sep?.event_type === 'string' ? sep.event_type : null,
    created_at: app.created_at,
    updated_at: app.updated_at,
    submitted_at: app.submitted_at,
    ...strings({
      desired_effective_date: app.data.desired_effective_date,
      plan_hios_id: app.data.plan_hios_id,
      issuer_hios_id: issuerOf(app.data.plan_hios_id),
    }),
    ...(planYearOf(app) !== undefined ? { plan_year: planYearOf(app) } : {}),
    payment_instructions: paymentInstructions(app),
    ...(on(F.applicationFlat) ? {} : { application: app.data }),
    // The document: only present on submitted applications.
    ...(submitted ? { supports_changes: carrier.supports_post_enrollment_changes } : {}),
    errors: on(F.createValidationErrorsHidden) ? [] : app.errors,
    next_actions: nextActions(app, now, on),
    events: [...app.events].reverse(),
    carrier: {
      name: carrier.name,
      issuer_hios_id: carrier.issuer_hios_id || null,
      supports_cancellation:
        carrier.supports_cancellation && !(on(F.capabilitiesFollowStatus) && app.policy_status !== 'draft'),
      supports_termination: carrier.supports_termination,
      supports_post_enrollment_changes: carrier.supports_post_enrollment_changes,
    },
  };
  if (on(F.createNoDocumentStatus)) delete view.document_status;
  if (on(F.createNoCarrierCapabilities)) delete view.carrier;
  if (on(F.eventsAbsent)) delete view.events;
  // The flat variant: the stored data at the top level, the view's own members over it.
  return on(F.applicationFlat) ? { ...app.data, ...view } : view;
}

/** ApplicationListItem: one row of GET /v1/enrollments (`plan_year` is a string there). */
export function toListItem(app: Application): Record<string, unknown> {
  const year = planYearOf(app);
  return {
    application_id: app.id,
    ...strings({ external_id: app.data.external_id, employer_external_id: employerOf(app) }),
    ...(year !== undefined ? { plan_year: String(year) } : {}),
    ...strings({ plan_hios_id: app.data.plan_hios_id }),
    exchange_type: 'off_exchange',
    policy_status: app.policy_status,
    created_at: app.created_at,
    updated_at: app.updated_at,
  };
}

/** SubmitResponse: the 202 of a submission (processing continues; poll the read). */
export function toSubmitResponse(app: Application): Record<string, unknown> {
  return {
    application_id: app.id,
    ...strings({ external_id: app.data.external_id }),
    ...(planYearOf(app) !== undefined ? { plan_year: planYearOf(app) } : {}),
    ...strings({ plan_hios_id: app.data.plan_hios_id }),
    policy_status: app.policy_status,
    payment_instructions: paymentInstructions(app),
    submitted_at: app.submitted_at,
  };
}

/** StatusChangeResponse: the 202 of a cancellation or termination, with the status it leads to. */
export function toStatusChange(
  app: Application,
  status: string,
  effectiveDate: string | null,
): Record<string, unknown> {
  return { application_id: app.id, policy_status: status, effective_date: effectiveDate, updated_at: app.updated_at };
}
