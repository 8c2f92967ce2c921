/**
 * The plan catalogue quotes are drawn from: for every issuer active in a state and plan year,
 * a fixed set of plans per coverage type, on both markets (HIOS variant -01 on-exchange,
 * -00 off-exchange). Premiums follow a simplified ACA rating: age curve, tobacco load,
 * county area factor.
 */
import { issuersFor, type Issuer } from '../reference-data/issuers.js';

export interface PlanTemplate {
  product: string;
  plan: string;
  name: string;
  metal_level: string;
  plan_type: string;
  base: number;
  deductible: number;
  moop: number;
}

/** Coverage types the catalogue holds, with the plans each issuer offers. */
export const CATALOGUE: Record<string, PlanTemplate[]> = {
  medical: [
    { product: '001', plan: '0001', name: 'Bronze HSA', metal_level: 'bronze', plan_type: 'EPO', base: 310, deductible: 7000, moop: 9200 },
    { product: '001', plan: '0002', name: 'Silver Select', metal_level: 'silver', plan_type: 'HMO', base: 420, deductible: 4500, moop: 8000 },
    { product: '002', plan: '0003', name: 'Gold Plus', metal_level: 'gold', plan_type: 'PPO', base: 530, deductible: 1500, moop: 6000 },
    { product: '002', plan: '0004', name: 'Platinum Complete', metal_level: 'platinum', plan_type: 'PPO', base: 640, deductible: 250, moop: 3000 },
  ],
  dental: [
    { product: '101', plan: '0001', name: 'Dental Basic', metal_level: 'low', plan_type: 'DHMO', base: 24, deductible: 50, moop: 1000 },
    { product: '101', plan: '0002', name: 'Dental Plus', metal_level: 'high', plan_type: 'DPPO', base: 41, deductible: 50, moop: 1500 },
  ],
  vision: [{ product: '201', plan: '0001', name: 'Vision Care', metal_level: 'none', plan_type: 'Vision', base: 9, deductible: 0, moop: 0 }],
};

export interface Applicant {
  age: number;
  uses_tobacco: boolean;
}

export interface QuotedPlan {
  id: string;
  hios_plan_id: string;
  name: string;
  issuer: Issuer;
  coverage_type: string;
  exchange: string;
  plan_year: number;
  metal_level: string;
  plan_type: string;
  premium: number;
  deductible: number;
  out_of_pocket_max: number;
}

/** Simplified ACA age curve: 0.635 under 21, 1.0 at 21–24, rising to 3.0 at 64. */
function ageFactor(age: number): number {
  if (age < 21) return 0.635;
  if (age <= 24) return 1;
  return Math.min(3, 1 + (age - 24) * 0.05);
}

function areaFactor(fips: string): number {
  return 0.9 + (Number(fips) % 21) / 100;
}

export interface QuoteQuery {
  coverageType: string;
  exchange: string;
  planYear: number;
  state: string;
  fips: string;
  applicants: Applicant[];
}

export function quotePlans(q: QuoteQuery): QuotedPlan[] {
  const templates = CATALOGUE[q.coverageType];
  const variant = q.exchange === 'on_exchange' ? '01' : q.exchange === 'off_exchange' ? '00' : undefined;
  if (!templates || !variant) return [];
  const area = areaFactor(q.fips);
  return issuersFor(q.state, q.planYear).flatMap((issuer) => {
    const issuerFactor = 0.95 + (Number(issuer.hios_issuer_id) % 11) / 100;
    return templates.map((t) => {
      const hios = `${issuer.hios_issuer_id}${q.state}${t.product}${t.plan}`;
      const premium = q.applicants.reduce((sum, a) => sum + t.base * ageFactor(a.age) * (a.uses_tobacco ? 1.2 : 1), 0) * area * issuerFactor;
      return {
        id: `${hios}-${variant}`,
        hios_plan_id: `${hios}-${variant}`,
        name: `${issuer.name} ${t.name}`,
        issuer,
        coverage_type: q.coverageType,
        exchange: q.exchange,
        plan_year: q.planYear,
        metal_level: t.metal_level,
        plan_type: t.plan_type,
        premium: Math.round(premium * 100) / 100,
        deductible: t.deductible,
        out_of_pocket_max: t.moop,
      };
    });
  });
}
