/**
 * POST …/submissions, …/cancellations, …/terminations (4.13, section 3). Each checks the body
 * against the provider's schema (SubmitRequest, EnrollmentActionContextRequest), then its
 * precondition (preconditions.ts), then answers 202: a submission with the document's
 * SubmitResponse, a cancellation or termination with its StatusChangeResponse (the status the
 * change leads to). The outcome settles asynchronously (processing.ts).
 */
import type { RequestSchema } from '../core/request-schemas.js';
import type { Fault } from '../core/switch.js';
import type { RouteContext, RouteResult } from '../types.js';
import type { Application } from './application.js';
import { fail, failMany } from './errors.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import type { Refusal } from './preconditions.js';
import { cancelRefusal, submitRefusal, terminateRefusal } from './preconditions.js';
import { changeEffectiveDate, startStatusChange, startSubmission } from './processing.js';
import { notAnObject, schemaRefusal } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';
import { toStatusChange, toSubmitResponse } from './view.js';
import { isObject } from '../core/shape.js';

type Action = 'submission' | 'cancellation' | 'termination';

interface ActionSpec {
  schema: RequestSchema;
  refusal(app: Application, ctx: RouteContext): Refusal | null;
  /** Starts the change and returns the 202 body. */
  start(app: Application, svc: Service, ctx: RouteContext): Record<string, unknown>;
  /** Fault that answers success with 200 instead of 202. */
  status200Fault: Fault;
  /** Fault under which another account's application is acted on too. */
  ownerIgnoredBy?: Fault;
}

function statusChange(action: 'cancellation' | 'termination', outcome: string) {
  return (app: Application, svc: Service, ctx: RouteContext): Record<string, unknown> => {
    const effective = changeEffectiveDate(app, action, ctx.now());
    startStatusChange(app, svc.env, action);
    return toStatusChange(app, outcome, effective);
  };
}

const SPECS: Record<Action, ActionSpec> = {
  submission: {
    schema: 'SubmitRequest',
    refusal: (app, ctx) => submitRefusal(app, ctx.on),
    start: (app, svc, ctx) => {
      startSubmission(app, svc.env);
      const body = toSubmitResponse(app);
      if (ctx.on(F.submitResponseStatusOutsideEnum)) body.policy_status = 'submitted';
      return body;
    },
    status200Fault: F.submitReturns200,
    ownerIgnoredBy: F.otherAccountSubmit,
  },
  cancellation: {
    schema: 'EnrollmentActionContextRequest',
    refusal: (app, ctx) => cancelRefusal(app, ctx.on),
    start: statusChange('cancellation', 'cancelled'),
    status200Fault: F.cancelReturns200,
    ownerIgnoredBy: F.otherAccountCancel,
  },
  termination: {
    schema: 'EnrollmentActionContextRequest',
    refusal: (app, ctx) => terminateRefusal(app, ctx.now(), ctx.on),
    start: statusChange('termination', 'terminated'),
    status200Fault: F.terminateReturns200,
  },
};

function refuse(app: Application, r: Refusal, action: Action): RouteResult {
  // A submission refused for outstanding errors lists them (3.1), each naming its member.
  if (action === 'submission' && r.code === 'outstanding_errors')
    return failMany(r.status, app.errors.length ? app.errors : [{ code: r.code, message: r.message }]);
  return fail(r.status, r.code, r.message, r.field);
}

/** Fault path only: a submission context without plan_year refused. */
function planYearMissing(body: unknown): RouteResult | null {
  const context = isObject(body) && isObject(body.context) ? body.context : {};
  return context.plan_year === undefined
    ? fail(400, 'missing_required_field', 'context.plan_year is required.', 'context.plan_year')
    : null;
}

export function actionHandler(svc: Service, action: Action) {
  const spec = SPECS[action];
  return (ctx: RouteContext): RouteResult => {
    const app = lookup(svc, ctx, spec.ownerIgnoredBy);
    if (!isApplication(app)) {
      return action === 'submission' && ctx.on(F.submitUnknown422)
        ? fail(422, 'invalid_request', 'Cannot submit.')
        : app;
    }
    const bodyProblem =
      notAnObject(ctx.body) ??
      schemaRefusal(spec.schema, ctx.body) ??
      (action === 'submission' && ctx.on(F.submitRequiresPlanYear) ? planYearMissing(ctx.body) : null);
    if (bodyProblem) return bodyProblem;
    const refusal = spec.refusal(app, ctx);
    if (refusal) return refuse(app, refusal, action);
    return { status: ctx.on(spec.status200Fault) ? 200 : 202, body: spec.start(app, svc, ctx) };
  };
}
