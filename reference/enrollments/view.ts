/**
 * The application as the API shows it (2.8): data, validation state, policy status,
 * next_actions[] (only the actions whose precondition holds), document status, payment
 * instructions and carrier capabilities.
 */
import type { Application } from './application.js';
import { carrierOf, issuerOf } from './carriers.js';
import { cancelRefusal, paymentRefusal, submitRefusal, terminateRefusal, updateRefusal } from './preconditions.js';

export interface NextAction {
  action: string;
  method: 'GET' | 'POST' | 'PUT';
  href: string;
}

type Faulty = (name: string) => boolean;

/** Actions a client may take next, each with the route that takes it. */
const ACTIONS: ReadonlyArray<{ action: string; method: NextAction['method']; suffix: string; open: (a: Application, now: Date) => boolean }> = [
  { action: 'submit', method: 'POST', suffix: '/submissions', open: (a) => submitRefusal(a, never) === null },
  { action: 'update', method: 'PUT', suffix: '', open: (a) => updateRefusal(a, never) === null },
  { action: 'cancel', method: 'POST', suffix: '/cancellations', open: (a) => cancelRefusal(a, never) === null },
  { action: 'terminate', method: 'POST', suffix: '/terminations', open: (a, now) => terminateRefusal(a, now, never) === null },
  {
    action: 'payment_redirect',
    method: 'GET',
    suffix: '/payment_redirect',
    open: (a) => paymentRefusal(a, never) === null && (a.policy_status === 'pending_effectuation' || a.policy_status === 'effectuated'),
  },
  { action: 'upload_supporting_documentation', method: 'POST', suffix: '/supporting_documentation', open: (a) => a.document_status === 'required' },
];

function never(): boolean {
  return false;
}

export function nextActions(app: Application, now: Date, faulty: Faulty): NextAction[] {
  // The fault points clients at the older ICHRA routes instead of /v1/enrollments.
  const base = faulty('enr-next-actions-legacy-href') ? `/api/v1/applications/${app.id}` : `/v1/enrollments/${app.id}`;
  return ACTIONS.filter((a) => a.open(app, now)).map((a) => ({ action: a.action, method: a.method, href: base + a.suffix }));
}

/** The public representation of an application. */
export function toView(app: Application, now: Date, faulty: Faulty): Record<string, unknown> {
  const carrier = carrierOf(app.data.plan_hios_id);
  const shownChanges = faulty('enr-update-change-not-shown') ? [] : app.changes;
  const view: Record<string, unknown> = {
    id: app.id,
    enrollment_id: app.id,
    context: { product: 'ichra', exchange: 'off_exchange', plan_year: app.data.plan_year ?? null },
    external_id: app.data.external_id ?? null,
    employer_external_id: app.data.employer_external_id ?? null,
    plan_hios_id: app.data.plan_hios_id ?? null,
    issuer_hios_id: issuerOf(app.data.plan_hios_id),
    desired_effective_date: app.data.desired_effective_date ?? null,
    applicants: app.data.applicants ?? null,
    residential_address: app.data.residential_address ?? null,
    special_enrollment_period: app.data.special_enrollment_period ?? null,
    policy_status: app.policy_status,
    submission_status: app.submission_status,
    errors: faulty('enr-create-validation-errors-hidden') ? [] : app.errors,
    next_actions: nextActions(app, now, faulty),
    document_status: app.document_status,
    payment_instructions: { payment_redirect_supported: carrier.payment_redirect_supported },
    carrier: {
      name: carrier.name,
      issuer_hios_id: carrier.issuer_hios_id || null,
      supports_cancellation: carrier.supports_cancellation,
      supports_termination: carrier.supports_termination,
      supports_post_enrollment_changes: carrier.supports_post_enrollment_changes,
    },
    pending_changes: shownChanges.map((c) => ({ field: c.field, changed_at: c.changed_at })),
    pending_changes_count: shownChanges.length,
    created_at: app.created_at,
    updated_at: app.updated_at,
    submitted_at: app.submitted_at,
  };
  if (faulty('enr-create-no-document-status')) delete view.document_status;
  if (faulty('enr-create-no-carrier-capabilities')) delete view.carrier;
  return view;
}
