/**
 * The preconditions of section 3, one function each. A function returns null when the action
 * is allowed, or the refusal (status, code, message) the handler answers with. next_actions[]
 * offers exactly the actions whose precondition holds.
 */
import type { IsOn } from '../core/switch.js';
import type { Application } from './application.js';
import { isoDate, planYearOf } from './application.js';
import { carrierOf } from './carriers.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';

export interface Refusal {
  status: number;
  code: string;
  message: string;
  field?: string;
}

const FINAL = new Set(['cancelled', 'terminated']);

/** 3.1 and 3.2: no outstanding errors, and something not yet sent. */
export function submitRefusal(app: Application, on: IsOn): Refusal | null {
  if (app.errors.length > 0 && !on(F.submitIgnoresErrors)) {
    return {
      status: 422,
      code: 'outstanding_errors',
      message: 'The application has outstanding errors; fix them with PUT before submitting.',
    };
  }
  const unchanged = app.submitted_revision === app.revision || FINAL.has(app.policy_status);
  if (app.submitted_revision !== null && on(F.resubmitAfterChangesRefused)) {
    return { status: 422, code: 'no_changes', message: 'No changes since the last submission.' };
  }
  if (unchanged && !on(F.resubmitWithoutChanges)) {
    return {
      status: 422,
      code: 'no_changes',
      message: 'No changes since the last submission; send changes with PUT first.',
    };
  }
  return null;
}

/** 3.3: pending effectuation, carrier supports cancellation, nothing else in flight. */
export function cancelRefusal(app: Application, on: IsOn): Refusal | null {
  const carrier = carrierOf(app.data.plan_hios_id);
  if (!carrier.supports_cancellation && !on(F.cancelAnyCarrier)) {
    return {
      status: 400,
      code: 'invalid_field_value',
      message: `The carrier ${carrier.name} does not support cancellation.`,
      field: 'policy_status',
    };
  }
  // The fault also takes an effectuated policy, as if cancellation applied to any live one.
  const live =
    app.policy_status === 'pending_effectuation' || (app.policy_status === 'effectuated' && on(F.cancelEffectuated));
  const pending = live && app.pending_action === null;
  if (!pending && !on(F.cancelAnyState)) {
    return {
      status: 400,
      code: 'invalid_field_value',
      message:
        `Cancellation applies only to an application pending effectuation; this one ` +
        `is ${app.policy_status}${app.pending_action ? ` with a ${app.pending_action} in progress` : ''}.`,
      field: 'policy_status',
    };
  }
  return null;
}

/** End of a policy's natural term: the last day of its plan year. */
function expired(app: Application, now: Date): boolean {
  const year = planYearOf(app);
  return year !== undefined && isoDate(now) > `${year}-12-31`;
}

/** 3.4: an active (effectuated) policy before its natural expiration, carrier supports termination. */
export function terminateRefusal(app: Application, now: Date, on: IsOn): Refusal | null {
  const carrier = carrierOf(app.data.plan_hios_id);
  if (!carrier.supports_termination && !on(F.terminateAnyCarrier)) {
    return {
      status: 400,
      code: 'invalid_field_value',
      message: `The carrier ${carrier.name} does not support termination.`,
      field: 'policy_status',
    };
  }
  const active = app.policy_status === 'effectuated' && app.pending_action === null && !expired(app, now);
  if (!active && !on(F.terminateAnyState)) {
    return {
      status: 400,
      code: 'invalid_field_value',
      message:
        `Termination applies only to an active policy before its natural expiration; this one ` +
        `is ${app.policy_status}.`,
      field: 'policy_status',
    };
  }
  return null;
}

/**
 * 4.11: before any submission a draft may change whatever its carrier; after one, only for
 * carriers that support post-enrollment changes and while the policy can still change.
 */
export function updateRefusal(app: Application, on: IsOn): Refusal | null {
  if (FINAL.has(app.policy_status) || app.pending_action === 'cancellation' || app.pending_action === 'termination') {
    return {
      status: 400,
      code: 'invalid_field_value',
      message: `A ${app.policy_status} application cannot change.`,
      field: 'policy_status',
    };
  }
  if (app.submitted_revision === null) return null;
  const carrier = carrierOf(app.data.plan_hios_id);
  if (!carrier.supports_post_enrollment_changes && !on(F.updateAnyCarrier)) {
    return {
      // 4.11 states no status for PUT: the variant refuses with 422 instead.
      status: on(F.updateRefused422) ? 422 : 400,
      code: 'invalid_field_value',
      message: `The carrier ${carrier.name} does not support post-enrollment changes to a submitted application.`,
      field: 'plan_hios_id',
    };
  }
  return null;
}

/** 3.6: payment redirect data exists only when the carrier supports it. */
export function paymentRefusal(app: Application, on: IsOn): Refusal | null {
  const carrier = carrierOf(app.data.plan_hios_id);
  if (!carrier.payment_redirect_supported && !on(F.paymentUnsupported200)) {
    return {
      status: 422,
      code: 'payment_redirect_unsupported',
      message:
        `The carrier ${carrier.name} does not support payment redirect ` +
        `(payment_instructions.payment_redirect_supported is false).`,
    };
  }
  return null;
}
