/**
 * POST /v1/enrollments (4.10). A body the provider's EnrollmentRequest schema refuses, or one
 * carrying an agent/TPA member (2.8), is a 400; otherwise the application is created (201,
 * `draft`) with its submission readiness in `errors[]`, which may be non-empty. `external_id`
 * defaults to the Idempotency-Key, as the document says. The `slow-` and `fail-5xx-`
 * external_id fixtures are the core's (reference/core/limits.ts), ahead of this handler.
 */
import type { RouteContext, RouteResult } from '../types.js';
import type { Application } from './application.js';
import { pickData } from './application.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { fail } from './errors.js';
import { catchUp } from './processing.js';
import { notAnObject, rejectAgentMembers, schemaRefusal } from './request.js';
import type { Service } from './service.js';
import { validateApplication } from './validation.js';
import { toView } from './view.js';
import { isObject } from '../core/shape.js';

export function createEnrollment(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const refused = notAnObject(ctx.body);
    if (refused) return refused;
    const body = ctx.body as Record<string, unknown>;
    const structural = rejectAgentMembers(body, ctx.on) ?? schemaRefusal('EnrollmentRequest', body);
    if (structural) return structural;
    const leapDay = ctx.on(F.createLeapDayRefused) ? leapDayMember(body) : undefined;
    if (leapDay) return fail(400, 'invalid_field_value', `${leapDay} must be a date that exists.`, leapDay);

    const app = newApplication(ctx, body);
    svc.store.add(app);
    const view = toView(app, ctx.now(), ctx.on);
    if (ctx.on(F.createInitialPending)) view.policy_status = 'pending_effectuation';
    const twin = ctx.on(F.duplicateNamesOtherAccount) ? otherAccountsTwin(svc, app) : undefined;
    if (twin)
      view.warnings = [{ code: 'duplicate_external_id', message: `external_id is used by application ${twin.id}.` }];
    return { status: ctx.on(F.createStatus202) ? 202 : ctx.on(F.create200) ? 200 : 201, body: view };
  };
}

/** Fault path only: the first member (dotted) holding a 29 February, which the fault's calendar has no room for. */
function leapDayMember(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return /^\d{4}-02-29$/.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = leapDayMember(v, path ? `${path}.${k}` : k);
    if (found) return found;
  }
  return undefined;
}

/** The fault's duplicate check: an application of another account with the same external_id. */
const otherAccountsTwin = (svc: Service, app: Application): Application | undefined =>
  svc.store
    .visibleTo(null)
    .find((a) => a.owner !== null && a.owner !== app.owner && a.data.external_id === app.data.external_id);

/** How long the fault's store keeps a create's answer as sent before it rebuilds replays from the parsed answer. */
const REPLAY_KEPT_MS = 2_000;

/** A value with the members of every object in name order. */
function sortedMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedMembers);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortedMembers(v)]));
}

/**
 * A replay of a create: the stored answer; under one fault the application as it is now, under
 * another, once the answer is older than REPLAY_KEPT_MS, the same members in another order.
 */
export function createReplayed(svc: Service) {
  return (stored: RouteResult, ctx: RouteContext): RouteResult => {
    const id = (stored.body as { application_id?: unknown } | undefined)?.application_id;
    const app = typeof id === 'string' ? svc.store.get(id, ctx.account.id) : undefined;
    if (!app) return stored;
    if (ctx.on(F.replayShowsCurrent)) {
      catchUp(app, svc.env);
      return { ...stored, body: toView(app, ctx.now(), ctx.on) };
    }
    const age = ctx.now().getTime() - Date.parse(app.created_at);
    return ctx.on(F.replayLateReserialised) && age >= REPLAY_KEPT_MS
      ? { ...stored, body: sortedMembers(stored.body) }
      : stored;
  };
}

function newApplication(ctx: RouteContext, body: Record<string, unknown>): Application {
  const data = pickData(body);
  const key = ctx.headers['idempotency-key'];
  if (data.external_id === undefined && key !== undefined) data.external_id = key;
  const stamp = ctx.now().toISOString();
  return {
    id: ctx.nextId('enr'),
    owner: ctx.account.id,
    data,
    policy_status: 'draft',
    pending_action: null,
    // A special enrollment period needs supporting documentation (4.15).
    document_status: isObject(data.special_enrollment_period) ? 'required' : 'none_needed',
    errors: validateApplication(data),
    revision: 0,
    submitted_revision: null,
    events: [],
    created_at: stamp,
    updated_at: stamp,
    submitted_at: null,
    accepted_at_ms: null,
  };
}
