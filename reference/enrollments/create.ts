/**
 * POST /v1/enrollments (4.10). A structurally unusable request (not an object, wrong routing
 * context, agent/TPA members) is a 400; otherwise the application is created (201) with its
 * validation state in `errors[]`, which may be non-empty. The `slow-` and `fail-5xx-`
 * external_id fixtures are the core's (reference/core/limits.ts), ahead of this handler.
 */
import type { RouteContext, RouteResult } from '../types.js';
import type { Application } from './application.js';
import { isObject, pickData } from './application.js';
import { checkContext, notAnObject, rejectAgentMembers } from './request.js';
import type { Service } from './service.js';
import { validateApplication } from './validation.js';
import { toView } from './view.js';

export function createEnrollment(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const refused = notAnObject(ctx.body);
    if (refused) return refused;
    const body = ctx.body as Record<string, unknown>;
    const structural = rejectAgentMembers(body, ctx.faulty) ?? checkContext(body);
    if (structural) return structural;

    const app = newApplication(ctx, body);
    svc.store.add(app);
    const view = toView(app, ctx.now(), ctx.faulty);
    if (ctx.faulty('enr-create-initial-pending')) view.policy_status = 'pending_effectuation';
    return { status: ctx.faulty('enr-create-status-202') ? 202 : 201, body: view };
  };
}

function newApplication(ctx: RouteContext, body: Record<string, unknown>): Application {
  const data = pickData(body);
  const stamp = ctx.now().toISOString();
  return {
    id: ctx.nextId('enr'),
    owner: ctx.account.id,
    data,
    policy_status: 'draft',
    submission_status: 'not_submitted',
    pending_action: null,
    // A special enrollment period needs supporting documentation (4.15).
    document_status: isObject(data.special_enrollment_period) ? 'required' : 'not_required',
    errors: validateApplication(data),
    revision: 0,
    submitted_revision: null,
    changes: [],
    created_at: stamp,
    updated_at: stamp,
    submitted_at: null,
    accepted_at_ms: null,
  };
}
