/**
 * POST /api/v1/quotes and POST /api/v1/aptc_estimates (also /aptc_estimates) of the older
 * interface. Quotes price every plan for the household; the APTC estimate compares the
 * benchmark (second-lowest silver) premium with the household's expected contribution.
 */
import { badRequest } from '../core/respond.js';
import type { RouteContext, RouteResult } from '../types.js';
import { LEGACY_FAULTS as F } from './faults.js';
import type { Household } from './household.js';
import { isHousehold, memberPremium, readHousehold, round2 } from './household.js';
import { LEGACY_PLANS, planView } from './plans.js';

function monthlyPremium(baseRate: number, h: Household): number {
  return round2(h.applicants.reduce((sum, a) => sum + memberPremium(baseRate, a), 0));
}

export function createQuote(ctx: RouteContext): RouteResult {
  const household = readHousehold(ctx.body, false);
  if (!isHousehold(household)) return household;
  if (ctx.on(F.quotesEmpty204)) return { status: 204 };
  const plans = LEGACY_PLANS.map((p) => ({ plan: p, premium: monthlyPremium(p.base_rate, household) }))
    .sort((a, b) => a.premium - b.premium || a.plan.hios_id.localeCompare(b.plan.hios_id))
    .map(({ plan, premium }) => ({ ...planView(plan, household.plan_year), monthly_premium: premium }));
  return {
    status: 200,
    body: { plans, meta: { count: plans.length, zip_code: household.zip_code, plan_year: household.plan_year } },
  };
}

/** Federal poverty guideline for a household size (48 states, a fixed recent year). */
const povertyLine = (size: number): number => 15_650 + 5_500 * (size - 1);

/** Share of income expected toward the benchmark plan: 0 below 150% FPL, rising to 8.5% at 400% and above. */
function applicablePercentage(fplPercent: number): number {
  if (fplPercent < 150) return 0;
  return Math.min(8.5, ((fplPercent - 150) / 250) * 8.5) / 100;
}

export function createAptcEstimate(ctx: RouteContext): RouteResult {
  if (ctx.on(F.aptcAliasMissing) && ctx.path === '/aptc_estimates') {
    return { status: 404, body: { error: { code: 'not_found', message: `No route for POST ${ctx.path}.` } } };
  }
  const income = (ctx.body as { household_income?: unknown } | undefined)?.household_income;
  if (ctx.on(F.aptcIncomeAsString) && typeof income === 'number')
    return badRequest('household_income must be a string.', 'household_income');
  if (ctx.on(F.aptcIncomeFractionRefused) && typeof income === 'number' && !Number.isInteger(income))
    return badRequest('household_income must be a whole number of dollars.', 'household_income');
  const household = readHousehold(ctx.body, true);
  if (!isHousehold(household)) return household;

  const size = household.applicants.length;
  const fplPercent = round2(((household.household_income ?? 0) / povertyLine(size)) * 100);
  const silver = LEGACY_PLANS.filter((p) => p.metal_level === 'silver')
    .map((p) => monthlyPremium(p.base_rate, household))
    .sort((a, b) => a - b);
  const benchmark = silver[Math.min(1, silver.length - 1)];
  const contribution = round2(((household.household_income ?? 0) * applicablePercentage(fplPercent)) / 12);
  const monthly = round2(Math.max(0, benchmark - contribution));
  return {
    status: 200,
    body: {
      aptc_estimate: {
        plan_year: household.plan_year,
        household_size: size,
        fpl_percentage: fplPercent,
        benchmark_monthly_premium: benchmark,
        expected_monthly_contribution: contribution,
        monthly_aptc: monthly,
        annual_aptc: round2(monthly * 12),
      },
    },
  };
}
