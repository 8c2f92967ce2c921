/**
 * PUT /v1/enrollments/{enrollment_id} (4.11), replacement-style as the provider's document has
 * it: the body (EnrollmentUpdateRequest: `context` with `plan_year`, plus application members)
 * replaces each member it sends, whole; members it leaves out are kept (cleared under the
 * replacing variant: the body is then the whole application, PUT-MERGE-OR-REPLACE). A draft may change for
 * any carrier; after a submission only carriers supporting post-enrollment changes accept it.
 * Each change is tracked (a `changed` event, a new revision) until a submission sends it; a
 * body that changes nothing tracks nothing, so a resubmission after it is a 422.
 */
import type { RouteContext, RouteResult } from '../types.js';
import type { Application } from './application.js';
import { pickData } from './application.js';
import { fail } from './errors.js';
import { changeEvent, record } from './events.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { updateRefusal } from './preconditions.js';
import { notAnObject, rejectAgentMembers, schemaRefusal } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';
import { validateApplication } from './validation.js';
import { reopen } from './processing.js';
import { toListItem, toView } from './view.js';
import { isObject } from '../core/shape.js';

export function updateEnrollment(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const app = lookup(svc, ctx, F.otherAccountUpdate);
    if (!isApplication(app)) return app;
    const shape = notAnObject(ctx.body);
    if (shape) return shape;
    const body = ctx.body as Record<string, unknown>;
    const structural = rejectAgentMembers(body, ctx.on) ?? schemaRefusal('EnrollmentUpdateRequest', body);
    if (structural) return structural;
    const refusal = updateRefusal(app, ctx.on);
    if (refusal) return fail(refusal.status, refusal.code, refusal.message, refusal.field);

    const effectuated = app.policy_status === 'effectuated';
    // The fault answers with the application as it was: the change is stored all the same.
    const before = ctx.on(F.putAnswerBeforeChange) ? structuredClone(app) : app;
    applyChanges(app, body, ctx);
    // The fault re-enrols a changed effectuated policy a moment after answering.
    if (effectuated && ctx.on(F.changeReopensPolicy))
      svc.env.later(svc.env.processingDelayMs, () => reopen(app, svc.env));
    return { status: 200, body: toView(before, ctx.now(), ctx.on) };
  };
}

function applyChanges(app: Application, body: Record<string, unknown>, ctx: RouteContext): void {
  const next = ctx.on(F.putReplaces) ? pickData(body) : { ...app.data, ...pickData(body) };
  const change = changeEvent(app.data, next);
  if (!change) return;
  const stamp = ctx.now().toISOString();
  app.listed_before_change = { row: toListItem(app), at_ms: ctx.now().getTime() };
  app.revision += 1;
  // The fault tracks the change for submission but never shows it on the application.
  if (!ctx.on(F.updateChangeNotShown)) {
    app.data = next;
    record(app, change, stamp);
  }
  // The fault treats a change as a new draft, as if the PUT undid the submission.
  if (ctx.on(F.updateResetsStatus) && app.submitted_revision !== null) app.policy_status = 'draft';
  app.errors = validateApplication(app.data);
  if (app.document_status === 'none_needed' && isObject(app.data.special_enrollment_period))
    app.document_status = 'required';
  app.updated_at = stamp;
}
