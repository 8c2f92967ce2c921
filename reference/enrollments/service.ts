/** What every direct-enrollment handler of one server instance shares. */
import type { RouteContext, RouteResult, ServerEnv } from '../types.js';
import type { Application } from './application.js';
import { notFound } from './errors.js';
import { catchUp } from './processing.js';
import type { EnrollmentStore } from './store.js';

export interface Service {
  store: EnrollmentStore;
  env: ServerEnv;
}

/** The caller's application named in the path, brought up to date with the clock; or the 404. */
export function lookup(svc: Service, ctx: RouteContext): Application | RouteResult {
  const id = ctx.params.enrollment_id ?? '';
  const app = svc.store.get(id, ctx.account.id);
  if (!app) return notFound(id);
  catchUp(app, svc.env);
  return app;
}

export function isApplication(v: Application | RouteResult): v is Application {
  return 'data' in v;
}
