/**
 * Faults of direct enrollment: an application's life (section 3): submission (4.13), cancellation
 * and termination, and the sequences that show only after several steps.
 */
import { faultsOf } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe } from '../../core/probe.js';
import { incompleteCreateBody } from '../fixtures.js';
import {
  act,
  create,
  CTX,
  FRESNO,
  FUTURE,
  pause,
  planFull,
  planLimited,
  planSubmissionFails,
  put,
  read,
  rows,
  statusOf,
  submitted,
} from '../probe-steps.js';

const { flag } = faultsOf('enrollments');

export const LIFECYCLE_FAULTS = {
  // Submission (section 3, 4.13)
  submitReturns200: flag(
    'enr-submit-returns-200',
    'ENR-SUBMIT-202',
    'A successful submission answers 200 instead of 202.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions')).status),
  ),
  submitRequiresPlanYear: flag(
    'enr-submit-requires-plan-year',
    'ENR-SUBMIT-PLAN-YEAR-OPTIONAL',
    'Submission refuses a context without plan_year.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions', CTX)).status),
  ),
  submitIgnoresErrors: flag(
    'enr-submit-ignores-errors',
    'ENR-SUBMIT-OUTSTANDING-ERRORS-422',
    'An application with outstanding errors is accepted for submission.',
    routeProbe(
      async (k) =>
        (
          await act(
            k,
            (
              await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(planFull) })
            ).body.application_id,
            'submissions',
          )
        ).status,
    ),
  ),
  submitNeverSettles: flag(
    'enr-submit-never-settles',
    'ENR-SUBMIT-ASYNC-OUTCOME',
    'A submission stays processing; policy_status never shows the outcome.',
    routeProbe(async (k) => statusOf(k, await submitted(k, planFull, { desired_effective_date: FUTURE }))),
  ),
  submitFailureHidden: flag(
    'enr-submit-failure-hidden',
    'ENR-SUBMIT-FAILED-OUTCOME',
    "The refusing carrier's submissions end pending_effectuation instead of submission_failed.",
    routeProbe(async (k) => statusOf(k, await submitted(k, planSubmissionFails))),
  ),
  resubmitWithoutChanges: flag(
    'enr-resubmit-without-changes',
    'ENR-SUBMIT-NO-CHANGES-422',
    'A resubmission with no changes is accepted (202).',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planFull, { desired_effective_date: FUTURE }), 'submissions')).status,
    ),
  ),
  resubmitAfterChangesRefused: flag(
    'enr-resubmit-after-changes-refused',
    'ENR-SUBMIT-RESUBMIT-AFTER-CHANGES',
    'A resubmission after PUT changes is refused with 422.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      await put(k, id, FRESNO);
      return (await act(k, id, 'submissions')).status;
    }),
  ),
  submitUnknown422: flag(
    'enr-submit-unknown-422',
    'ENR-SUBMIT-404',
    'Submitting an unknown enrollment id gives 422 instead of 404.',
    routeProbe(async (k) => (await act(k, 'enr_nope', 'submissions')).status),
  ),
  submitResponseStatusOutsideEnum: flag(
    'enr-submit-response-status-outside-enum',
    'ENR-POLICY-STATUS-ENUM',
    'The 202 submission body shows policy_status "submitted".',
    routeProbe(
      async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions')).body.policy_status,
    ),
  ),
  neverEffectuated: flag(
    'enr-never-effectuated',
    'ENR-EFFECTUATION',
    'Accepted policies stay pending_effectuation forever.',
    routeProbe(async (k) => statusOf(k, await submitted(k, planFull, {}, 80))),
  ),
  // Cancellation and termination (section 3)
  cancelReturns200: flag(
    'enr-cancel-returns-200',
    'ENR-CANCEL-202',
    'A successful cancellation answers 200 instead of 202.',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planFull, { desired_effective_date: FUTURE }), 'cancellations')).status,
    ),
  ),
  cancelNoEffect: flag(
    'enr-cancel-no-effect',
    'ENR-CANCEL-OUTCOME',
    'An accepted cancellation never shows cancelled.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      await act(k, id, 'cancellations');
      await pause(30);
      return statusOf(k, id);
    }),
  ),
  cancelAnyState: flag(
    'enr-cancel-any-state',
    'ENR-CANCEL-NOT-PENDING-400',
    'Cancellation is accepted in any state.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'cancellations')).status),
  ),
  cancelAnyCarrier: flag(
    'enr-cancel-any-carrier',
    'ENR-CANCEL-UNSUPPORTED-CARRIER-400',
    'Cancellation is accepted for a carrier that does not support it.',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planLimited, { desired_effective_date: FUTURE }), 'cancellations')).status,
    ),
  ),
  terminateReturns200: flag(
    'enr-terminate-returns-200',
    'ENR-TERMINATE-202',
    'A successful termination answers 200 instead of 202.',
    routeProbe(async (k) => (await act(k, await submitted(k, planFull, {}, 80), 'terminations')).status),
  ),
  terminateNoEffect: flag(
    'enr-terminate-no-effect',
    'ENR-TERMINATE-OUTCOME',
    'An accepted termination never shows terminated.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, {}, 80);
      await act(k, id, 'terminations');
      await pause(30);
      return statusOf(k, id);
    }),
  ),
  terminateAnyState: flag(
    'enr-terminate-any-state',
    'ENR-TERMINATE-NOT-ACTIVE-400',
    'Termination is accepted for a policy that is not active.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'terminations')).status),
  ),
  terminateAnyCarrier: flag(
    'enr-terminate-any-carrier',
    'ENR-TERMINATE-UNSUPPORTED-CARRIER-400',
    'Termination is accepted for a carrier that does not support it.',
    routeProbe(async (k) => (await act(k, await submitted(k, planLimited, {}, 80), 'terminations')).status),
  ),
  // Sequences (section 3): each shows only after several steps, in the state-machine model's runs
  cancelEffectuated: flag(
    'enr-cancel-effectuated',
    'ENR-CANCEL-PAST-PENDING-400',
    'Cancellation is accepted for an effectuated policy too (and then shows cancelled).',
    routeProbe(async (k) => (await act(k, await submitted(k, planFull, {}, 80), 'cancellations')).status),
  ),
  listStatusLags: flag(
    'enr-list-status-lags',
    'ENR-LIST-FILTER-FOLLOWS-STATUS',
    'The list filters and shows each application by the status it had before its latest change of status.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      return (await rows(k, '&policy_status=pending_effectuation')).some(
        (r: { application_id: string }) => r.application_id === id,
      );
    }),
  ),
  nextActionsStale: flag(
    'enr-next-actions-stale',
    'ENR-NEXT-ACTIONS-AVAILABLE',
    'next_actions keeps offering a submission after it was sent, though a resubmission without changes is refused.',
    routeProbe(async (k) =>
      (await read(k, await submitted(k, planFull, { desired_effective_date: FUTURE }))).body.next_actions
        .map((a: { rel: string }) => a.rel)
        .join(','),
    ),
  ),
  updateResetsStatus: flag(
    'enr-update-resets-status',
    'ENR-UPDATE-KEEPS-POLICY-STATUS',
    'A PUT on a submitted application puts its policy_status back to draft.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      await put(k, id, FRESNO);
      return statusOf(k, id);
    }),
  ),
} satisfies Record<string, Switch>;
