/**
 * Faults of direct enrollment: another account's applications (OWASP API1): each lets a second
 * approved account reach what is not its own.
 */
import { faultsOf } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe } from '../../core/probe.js';
import {
  act,
  AS_OTHER,
  BASE,
  create,
  CTX,
  FRESNO,
  FUTURE,
  planFull,
  put,
  read,
  ROUTING,
  submitted,
} from '../probe-steps.js';

const { flag } = faultsOf('enrollments');

export const OTHER_ACCOUNT_FAULTS = {
  // Another account (OWASP API1): each of these lets a second approved account reach the
  // approved account's application through one operation.
  otherAccountRead: flag(
    'enr-other-account-read',
    'ENR-OTHER-ACCOUNT-REFUSED',
    "Another approved account reads an application it does not own (200 with the owner's data).",
    routeProbe(async (k) => (await read(k, (await create(k, planFull)).application_id, ROUTING, AS_OTHER)).status),
  ),
  otherAccountUpdate: flag(
    'enr-other-account-update',
    'ENR-OTHER-ACCOUNT-REFUSED',
    'Another approved account changes an application it does not own with PUT.',
    routeProbe(async (k) => (await put(k, (await create(k, planFull)).application_id, FRESNO, AS_OTHER)).status),
  ),
  otherAccountSubmit: flag(
    'enr-other-account-submit',
    'ENR-OTHER-ACCOUNT-REFUSED',
    'Another approved account submits an application it does not own.',
    routeProbe(
      async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions', CTX, AS_OTHER)).status,
    ),
  ),
  otherAccountCancel: flag(
    'enr-other-account-cancel',
    'ENR-OTHER-ACCOUNT-REFUSED',
    'Another approved account cancels an application it does not own.',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planFull, { desired_effective_date: FUTURE }), 'cancellations', CTX, AS_OTHER))
          .status,
    ),
  ),
  otherAccountNamed: flag(
    'enr-other-account-named',
    'ENR-OTHER-ACCOUNT-REFUSED',
    "The 404 for another account's application names its external_id and owner, so the caller learns it exists.",
    routeProbe(async (k) => {
      const app = await create(k, planFull);
      return JSON.stringify((await read(k, app.application_id, ROUTING, AS_OTHER)).body).includes(app.external_id);
    }),
  ),
  listEveryAccount: flag(
    'enr-list-every-account',
    'ENR-LIST-OWN-ACCOUNT',
    "The list shows every account's applications, not only the caller's.",
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      return (await k.call('GET', `${BASE}&limit=100`, AS_OTHER)).body.applications.some(
        (r: { application_id: string }) => r.application_id === id,
      );
    }),
  ),
} satisfies Record<string, Switch>;
