/** What every direct-enrollment handler of one server instance shares. */
import type { Fault } from '../core/switch.js';
import type { RouteContext, RouteResult, ServerEnv } from '../types.js';
import type { Application } from './application.js';
import { fail, notFound } from './errors.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { catchUp } from './processing.js';
import type { EnrollmentStore } from './store.js';

export interface Service {
  store: EnrollmentStore;
  env: ServerEnv;
}

/**
 * The caller's application named in the path, brought up to date with the clock; or the 404 an
 * application of another account gets as well (its owner is not revealed). `ownerIgnoredBy`: the
 * fault under which this operation skips the owner check.
 */
export function lookup(svc: Service, ctx: RouteContext, ownerIgnoredBy?: Fault): Application | RouteResult {
  const id = ctx.params.enrollment_id ?? '';
  const anyOwner = ownerIgnoredBy !== undefined && ctx.on(ownerIgnoredBy);
  const app = svc.store.get(id, anyOwner ? null : ctx.account.id);
  if (!app) return svc.store.has(id) ? otherAccounts(svc, ctx, id) : notFound(id);
  catchUp(app, svc.env);
  return app;
}

/** Another account's application: the 404 of an unknown id, or 403 under the variant; the fault names it. */
function otherAccounts(svc: Service, ctx: RouteContext, id: string): RouteResult {
  if (ctx.on(F.otherAccount403)) return fail(403, 'forbidden', 'This account may not act on that enrollment.');
  // The fault refuses with 403 under a code of its own.
  if (ctx.on(F.otherAccount403NotOwner)) return fail(403, 'not_owner', 'This account does not own that enrollment.');
  if (!ctx.on(F.otherAccountNamed)) return notFound(id);
  const external = svc.store.get(id, null)?.data.external_id;
  return fail(404, 'not_found', `Enrollment ${id} (external_id ${String(external)}) belongs to another account.`);
}

export function isApplication(v: Application | RouteResult): v is Application {
  return 'data' in v;
}
