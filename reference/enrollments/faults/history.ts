/**
 * Faults of direct enrollment: what a run's history shows (section 3, 4.9, 8): each breaks its
 * rule only later in a run, against what the run saw before.
 */
import { faultsOf, under } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe, serverProbe } from '../../core/probe.js';
import { validCreateBody } from '../fixtures.js';
import * as P from '../variant-probes.js';
import {
  AS_OTHER,
  create,
  FRESNO,
  FUTURE,
  pause,
  planFull,
  put,
  read,
  rows,
  statusOf,
  submitted,
} from '../probe-steps.js';
import { errorsOf } from '../fault-rewrites.js';

const { flag, rewrite } = faultsOf('enrollments');

export const HISTORY_FAULTS = {
  // History (section 3, 4.9, 8): each shows only later in a run, against what the run saw before.
  listRowCreatedAtUpdated: flag(
    'enr-list-row-created-at-updated',
    'ENR-LIST-ROW-MATCHES-READ',
    "List rows show the application's updated_at as its created_at: a changed application's row disagrees.",
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      const row = (await rows(k, '&limit=100')).find((r: { application_id: string }) => r.application_id === id);
      return row.created_at === (await read(k, id)).body.created_at;
    }),
  ),
  listFilterDropsEmployer: flag(
    'enr-list-filter-drops-employer',
    'ENR-LIST-FILTER-FOLLOWS-STATUS',
    'The policy_status filter never lists an application filed under an employer (hra.employer), whatever its status.',
    routeProbe(async (k) => {
      const app = await create(k, planFull, {
        hra: { offered_hra: true, type: 'ichra', employer: { name: 'Probe Employer', external_id: 'employer-probe' } },
      });
      return (await rows(k, `&policy_status=draft&external_id=${app.external_id}`)).length;
    }),
  ),
  replayShowsCurrent: flag(
    'enr-replay-shows-current',
    'IDEMP-REPLAY-BODY-VERBATIM',
    'A replay of a create answers the application as it is now (its current policy_status), not the original answer.',
    serverProbe(({ call }) => P.replayAfterSubmit(call)),
  ),
  capabilitiesFollowStatus: flag(
    'enr-capabilities-follow-status',
    'ENR-CARRIER-CAPABILITIES-STAY',
    "Once submitted, an application states its carrier's cancellation support as false: the capability follows " +
      "the application's state, not the carrier.",
    routeProbe(async (k) => {
      const id = await submitted(k, planFull);
      return (await read(k, id)).body.carrier?.supports_cancellation;
    }),
  ),
  outcomeDrifts: flag(
    'enr-outcome-drifts',
    'ENR-OUTCOME-STAYS',
    'A cancellation is lost a second after it settled: the policy reads pending_effectuation again.',
    serverProbe(({ call }) => P.statusLaterAfterCancel(call)),
  ),
  changeReopensPolicy: flag(
    'enr-change-reopens-policy',
    'ENR-OUTCOME-STAYS',
    'An accepted PUT on an effectuated policy puts it back to pending_effectuation a moment later (its answer still ' +
      'shows effectuated), though a change is sent by a new submission.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, {}, 80);
      await put(k, id, FRESNO);
      await pause(30);
      return statusOf(k, id);
    }),
  ),
  listRowStaleAfterPut: flag(
    'enr-list-row-stale-after-put',
    'ENR-LIST-ROW-MATCHES-READ',
    'A list row keeps showing an application as it was before its latest PUT (its updated_at) until its status ' +
      'changes again.',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      await pause(5);
      await put(k, id, FRESNO);
      const row = (await rows(k, '&limit=100')).find((r: { application_id: string }) => r.application_id === id);
      return row.updated_at === (await read(k, id)).body.updated_at;
    }),
  ),
  replayLateReserialised: flag(
    'enr-replay-late-reserialised',
    'IDEMP-REPLAY-BODY-VERBATIM',
    "A create's replay more than two seconds after it is rebuilt from the parsed answer: the same members in " +
      'another order, so not the bytes first sent.',
    serverProbe(({ call }) => P.lateReplaySame(call)),
  ),
  statusListEveryAccount: flag(
    'enr-status-list-every-account',
    'ENR-LIST-OWN-ACCOUNT',
    "The list filtered on policy_status shows every account's applications in that state (the unfiltered list " +
      "shows the caller's only).",
    routeProbe(async (k) => {
      const other = await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull), ...AS_OTHER });
      return (await rows(k, '&policy_status=draft&limit=100')).some(
        (r: { application_id: string }) => r.application_id === other.body.application_id,
      );
    }),
  ),
  duplicateNamesOtherAccount: flag(
    'enr-duplicate-names-other-account',
    'ENR-OTHER-ACCOUNT-NOT-SHOWN',
    "A create whose external_id another account's application has answers with a warning naming that " +
      "application's id.",
    routeProbe(async (k) => {
      const body = validCreateBody(planFull, { external_id: 'twin-probe' });
      await k.call('POST', '/v1/enrollments', { body });
      return (await k.call('POST', '/v1/enrollments', { body, ...AS_OTHER })).body.warnings ?? null;
    }),
  ),
  nextActionsCancelDraft: flag(
    'enr-next-actions-cancel-draft',
    'ENR-NEXT-ACTIONS-AVAILABLE',
    'next_actions offers a cancellation on a draft (of a carrier that supports cancellation), which section 3 refuses.',
    routeProbe(async (k) => (await create(k, planFull)).next_actions.map((a: { rel: string }) => a.rel).join(',')),
  ),
  errorsEmptyList: rewrite(
    'enr-errors-empty-list',
    'ENVELOPE-ERRORS-SHAPE',
    'Direct-enrollment 404s carry an empty errors[] list.',
    routeProbe(async (k) => (await read(k, 'enr_nope')).body.errors.length),
    under('/v1/enrollments', (res) => (res.status === 404 && errorsOf(res) ? { ...res, body: { errors: [] } } : res)),
  ),
} satisfies Record<string, Switch>;
