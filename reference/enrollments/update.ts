/**
 * PUT /v1/enrollments/{enrollment_id} (4.11). The body carries the application members to
 * change (a partial 2.8 body: objects merge member by member, other values replace). Each
 * changed leaf is tracked and counted until a submission sends it; an unchanged body changes
 * nothing, so a resubmission after it is a 422. Only carriers supporting post-enrollment
 * changes accept it (otherwise 400 invalid_field_value).
 */
import type { RouteContext, RouteResult } from '../types.js';
import type { Application } from './application.js';
import { isObject } from './application.js';
import { fail } from './errors.js';
import { updateRefusal } from './preconditions.js';
import { checkContext, notAnObject, rejectAgentMembers } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';
import { validateApplication } from './validation.js';
import { toView } from './view.js';

/** Members a PUT may change. */
const CHANGEABLE = ['desired_effective_date', 'applicants', 'residential_address', 'special_enrollment_period', 'employer_external_id'] as const;
/** Members a PUT may repeat but not change. */
const FIXED = ['external_id', 'plan_hios_id'] as const;

export function updateEnrollment(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const app = lookup(svc, ctx);
    if (!isApplication(app)) return app;
    const body = ctx.body;
    const shape = notAnObject(body);
    if (shape) return shape;
    const b = body as Record<string, unknown>;
    const structural = rejectAgentMembers(b, ctx.faulty) ?? (b.context === undefined ? null : checkContext(b)) ?? unknownMember(b) ?? fixedChanged(app, b);
    if (structural) return structural;
    const refusal = updateRefusal(app, ctx.faulty);
    if (refusal) return fail(refusal.status, refusal.code, refusal.message, refusal.field);

    applyChanges(app, b, ctx);
    return { status: 200, body: toView(app, ctx.now(), ctx.faulty) };
  };
}

function unknownMember(b: Record<string, unknown>): RouteResult | null {
  const known = new Set<string>(['context', ...CHANGEABLE, ...FIXED]);
  const extra = Object.keys(b).find((k) => !known.has(k));
  return extra === undefined ? null : fail(400, 'invalid_field_value', `${extra} cannot be changed after creation; changeable: ${CHANGEABLE.join(', ')}.`, extra);
}

function fixedChanged(app: Application, b: Record<string, unknown>): RouteResult | null {
  const changed = FIXED.find((k) => b[k] !== undefined && b[k] !== app.data[k]);
  return changed === undefined ? null : fail(400, 'invalid_field_value', `${changed} cannot change; create a new application instead.`, changed);
}

/** Objects merge member by member; anything else replaces. */
function merge(current: unknown, patch: unknown): unknown {
  if (!isObject(current) || !isObject(patch)) return patch;
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) out[k] = merge(current[k], v);
  return out;
}

/** Dotted paths of the leaves that differ between two values. */
function changedLeaves(before: unknown, after: unknown, path: string, out: string[]): void {
  if (isObject(before) && isObject(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) changedLeaves(before[k], after[k], `${path}.${k}`, out);
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push(path);
}

function applyChanges(app: Application, b: Record<string, unknown>, ctx: RouteContext): void {
  const changed: string[] = [];
  const next = { ...app.data };
  for (const member of CHANGEABLE) {
    if (b[member] === undefined) continue;
    const merged = merge(app.data[member], b[member]);
    changedLeaves(app.data[member], merged, member, changed);
    next[member] = merged;
  }
  if (changed.length === 0) return;
  const stamp = ctx.now().toISOString();
  app.revision += 1;
  app.changes.push(...changed.map((field) => ({ field, changed_at: stamp, revision: app.revision })));
  // The fault tracks the change for submission but never shows it on the application.
  if (!ctx.faulty('enr-update-change-not-shown')) app.data = next;
  app.errors = validateApplication(app.data);
  if (app.document_status === 'not_required' && isObject(app.data.special_enrollment_period)) app.document_status = 'required';
  app.updated_at = stamp;
}
