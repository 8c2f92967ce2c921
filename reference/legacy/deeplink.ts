/**
 * POST /public/ichra/off_ex: an application deeplink into the off-exchange ICHRA browser flow.
 * The body may name a plan, a ZIP code and a partner reference; each, when sent, is checked.
 */
import { badRequest } from '../core/respond.js';
import type { RouteContext, RouteResult } from '../types.js';
import { LEGACY_FAULTS as F } from './faults.js';
import { findLegacyPlan } from './plans.js';

const DEEPLINK_BASE = 'https://ichra.reference.example/off_ex/apply';
const LINK_TTL_MS = 24 * 60 * 60 * 1000;

export function createDeeplink(ctx: RouteContext): RouteResult {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) return badRequest('The request body must be a JSON object.');
  if (body.plan_hios_id !== undefined && !findLegacyPlan(body.plan_hios_id))
    return badRequest('plan_hios_id must name a plan of GET /api/v1/plans/{hios_id}.', 'plan_hios_id');
  if (body.zip_code !== undefined && (typeof body.zip_code !== 'string' || !/^\d{5}$/.test(body.zip_code)))
    return badRequest('zip_code must be a 5-digit ZIP code.', 'zip_code');
  const token = ctx.nextId('dl');
  const url = new URL(DEEPLINK_BASE);
  url.searchParams.set('token', token);
  if (typeof body.plan_hios_id === 'string') url.searchParams.set('plan', body.plan_hios_id);
  if (typeof body.zip_code === 'string') url.searchParams.set('zip', body.zip_code);
  const out: Record<string, unknown> = {
    url: url.toString(),
    expires_at: new Date(ctx.now().getTime() + LINK_TTL_MS).toISOString(),
  };
  if (typeof body.external_id === 'string') out.external_id = body.external_id;
  if (ctx.on(F.deeplinkNoUrl)) delete out.url;
  return { status: 200, body: out };
}
