/**
 * Applications of the older interface: POST /api/v1/applications, GET /api/v1/applications/{id},
 * POST /api/v1/applications/{id}/submit. Submitting confirms at once (submission-confirmation
 * webhook) and reports the carrier's policy status after `processingDelayMs` (policy-status
 * webhook). A second submit is a 409.
 */
import { badRequest, unifiedError } from '../core/respond.js';
import type { IsOn } from '../core/switch.js';
import type { RouteContext, RouteResult, ServerEnv } from '../types.js';
import { LEGACY_FAULTS as F } from './faults.js';
import { findLegacyPlan } from './plans.js';
import { deliver } from './webhooks.js';
import { isObject } from '../core/shape.js';

interface LegacyApplication {
  id: string;
  owner: string;
  external_id: string | null;
  plan_hios_id: string;
  effective_date: string | null;
  applicants: unknown[];
  status: 'draft' | 'submitted' | 'pending_effectuation';
  confirmation_number: string | null;
  created_at: string;
  updated_at: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readApplication(
  body: unknown,
):
  | RouteResult
  | Omit<LegacyApplication, 'id' | 'owner' | 'status' | 'confirmation_number' | 'created_at' | 'updated_at'> {
  if (!isObject(body)) return badRequest('The request body must be a JSON object.');
  if (!findLegacyPlan(body.plan_hios_id))
    return badRequest('plan_hios_id must name a plan of GET /api/v1/plans/{hios_id}.', 'plan_hios_id');
  if (!Array.isArray(body.applicants) || body.applicants.length === 0 || !body.applicants.every(isObject)) {
    return badRequest('applicants must be a non-empty array of objects.', 'applicants');
  }
  if (
    body.effective_date !== undefined &&
    (typeof body.effective_date !== 'string' || !DATE.test(body.effective_date))
  ) {
    return badRequest('effective_date must be a date (YYYY-MM-DD).', 'effective_date');
  }
  if (body.external_id !== undefined && typeof body.external_id !== 'string')
    return badRequest('external_id must be a string.', 'external_id');
  return {
    external_id: (body.external_id as string | undefined) ?? null,
    plan_hios_id: body.plan_hios_id as string,
    effective_date: (body.effective_date as string | undefined) ?? null,
    applicants: body.applicants,
  };
}

function view(app: LegacyApplication, on: IsOn): Record<string, unknown> {
  const { owner: _owner, ...shown } = app;
  if (on(F.applicationNoId)) delete (shown as Partial<LegacyApplication>).id;
  return on(F.applicationFlat) ? shown : { application: shown };
}

/** Delays of the slow-processing variant, within the profile's asyncTimeoutMs (5 s). */
const SLOW_CONFIRMATION_MS = 500;
const SLOW_POLICY_STATUS_MS = 1_500;

export function legacyApplications(env: ServerEnv) {
  const apps = new Map<string, LegacyApplication>();
  const find = (ctx: RouteContext): LegacyApplication | undefined => {
    const app = apps.get(ctx.params.id ?? '');
    return app && app.owner === ctx.account.id ? app : undefined;
  };
  const notFound = (ctx: RouteContext): RouteResult =>
    unifiedError(
      404,
      'not_found',
      `No application ${JSON.stringify((ctx.params.id ?? '').slice(0, 40))}; use an id returned by POST ` +
        `/api/v1/applications.`,
    );

  return {
    create(ctx: RouteContext): RouteResult {
      const input = readApplication(ctx.body);
      if ('status' in input) return input;
      const stamp = ctx.now().toISOString();
      const app: LegacyApplication = {
        id: ctx.nextId('app'),
        owner: ctx.account.id,
        ...input,
        status: 'draft',
        confirmation_number: null,
        created_at: stamp,
        updated_at: stamp,
      };
      apps.set(app.id, app);
      return { status: ctx.on(F.status200) ? 200 : 201, body: view(app, ctx.on) };
    },

    read(ctx: RouteContext): RouteResult {
      const app = find(ctx);
      if (!app || ctx.on(F.applicationRead404)) return notFound(ctx);
      return { status: 200, body: view(app, ctx.on) };
    },

    submit(ctx: RouteContext): RouteResult {
      const app = find(ctx);
      if (!app) return notFound(ctx);
      if (app.status !== 'draft')
        return unifiedError(
          409,
          'already_submitted',
          `Application ${app.id} was already submitted; read it for its status.`,
        );
      app.status = 'submitted';
      app.confirmation_number = `CNF-${app.id.toUpperCase()}`;
      app.updated_at = ctx.now().toISOString();
      const ref = { application_id: app.id, external_id: app.external_id, plan_hios_id: app.plan_hios_id };
      const slow = env.on(F.processingSlow);
      const confirm = () =>
        deliver(env, 'submission_confirmation', {
          ...ref,
          confirmation_number: app.confirmation_number,
          status: 'submitted',
        });
      if (!env.on(F.webhookSubmissionMissing)) {
        if (slow) env.later(SLOW_CONFIRMATION_MS, confirm);
        else confirm();
      }
      env.later(slow ? SLOW_POLICY_STATUS_MS : env.processingDelayMs, () => {
        app.status = 'pending_effectuation';
        app.updated_at = env.now().toISOString();
        if (!env.on(F.webhookPolicyStatusMissing)) deliver(env, 'policy_status', { ...ref, policy_status: app.status });
      });
      // The fault refuses the submit in its answer while processing it all the same.
      if (ctx.on(F.submitRefused)) return unifiedError(422, 'not_submittable', 'The application cannot be submitted.');
      return { status: ctx.on(F.status200) ? 200 : 202, body: view(app, ctx.on) };
    },
  };
}
