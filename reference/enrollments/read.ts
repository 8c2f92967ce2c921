/**
 * GET /v1/enrollments/{enrollment_id} (4.12): `product=ichra` and `exchange=off_exchange` are
 * the only parameters, and the provider's document requires both.
 */
import type { RouteContext, RouteResult } from '../types.js';
import { fail } from './errors.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { checkRoutingQuery, unsupportedParam } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';
import { toView } from './view.js';

const READ_PARAMS = ['product', 'exchange'] as const;

export function readEnrollment(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const bad =
      (ctx.on(F.readIgnoresUnsupportedParam) ? null : unsupportedParam(ctx.query, READ_PARAMS)) ??
      checkRoutingQuery(ctx.query, 400, ctx.on);
    if (bad) return bad;
    const app = lookup(svc, ctx, F.otherAccountRead);
    if (!isApplication(app)) {
      // The fault answers an unknown id as a bad request instead of 404.
      return ctx.on(F.readUnknown400) ? fail(400, 'invalid_request', 'Bad enrollment id.', 'enrollment_id') : app;
    }
    return { status: 200, body: toView(app, ctx.now(), ctx.on) };
  };
}
