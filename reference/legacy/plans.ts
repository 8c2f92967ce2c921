/** Plans of the older ICHRA interface (plans.json) and GET /api/v1/plans/{hios_id}. */
import { unifiedError } from '../core/respond.js';
import type { RouteContext, RouteResult } from '../types.js';
import { LEGACY_FAULTS as F } from './faults.js';
import table from './plans.json' with { type: 'json' };

export interface LegacyPlan {
  hios_id: string;
  name: string;
  carrier: string;
  metal_level: string;
  base_rate: number;
  deductible: number;
  max_out_of_pocket: number;
}

export const LEGACY_PLANS: readonly LegacyPlan[] = table.plans;
const byId = new Map(LEGACY_PLANS.map((p) => [p.hios_id, p]));

/** A plan by its 14-character id; a CSR variant suffix (`-01`) names the same plan. */
export function findLegacyPlan(hiosId: unknown): LegacyPlan | undefined {
  return typeof hiosId === 'string' ? byId.get(hiosId.replace(/-\d{2}$/, '')) : undefined;
}

/** The plan as the lookup shows it (the base rate is an internal rating input). */
export function planView(plan: LegacyPlan, planYear?: number): Record<string, unknown> {
  const { base_rate: _rate, ...shown } = plan;
  return {
    ...shown,
    issuer_hios_id: plan.hios_id.slice(0, 5),
    state: plan.hios_id.slice(5, 7),
    ...(planYear ? { plan_year: planYear } : {}),
  };
}

export function getPlan(ctx: RouteContext): RouteResult {
  const id = ctx.params.hios_id ?? '';
  const plan = ctx.on(F.planKnown404) ? undefined : findLegacyPlan(id);
  if (plan) return { status: 200, body: { plan: planView(plan) } };
  if (ctx.on(F.planUnknown200)) return { status: 200, body: { plan: null } };
  return unifiedError(
    404,
    'not_found',
    `No plan with HIOS id ${JSON.stringify(id.slice(0, 40))}; use a 14-character plan id from POST /api/v1/quotes.`,
  );
}
