/**
 * The plan catalogue quotes are drawn from: for every issuer active in a state and plan year,
 * a fixed set of plans per coverage type, on both markets. A plan id is the 14-character HIOS
 * id (5-digit issuer, state, 3-digit product, 4-digit plan); its variant adds the CSR suffix
 * (-01 on-exchange standard, -00 off-exchange). Premiums follow a simplified ACA rating: age
 * curve, tobacco load, county area factor.
 */
import { issuersFor, type Issuer } from '../reference-data/issuers.js';

export interface PlanTemplate {
  product: string;
  plan: string;
  name: string;
  /** Medical: the document's metal levels; dental: high or low; vision: none. */
  metal_level: string;
  /** The document's network types (hmo, ppo, epo, pos, indemnity). */
  plan_type: string;
  hsa_eligible: boolean;
  base: number;
  deductible: number;
  moop: number;
}

/** Coverage types the catalogue holds, with the plans each issuer offers. */
export const CATALOGUE: Record<string, PlanTemplate[]> = {
  medical: [
    {
      product: '001',
      plan: '0001',
      name: 'Bronze HSA',
      metal_level: 'bronze',
      plan_type: 'epo',
      hsa_eligible: true,
      base: 310,
      deductible: 7000,
      moop: 9200,
    },
    {
      product: '001',
      plan: '0002',
      name: 'Silver Select',
      metal_level: 'silver',
      plan_type: 'hmo',
      hsa_eligible: false,
      base: 420,
      deductible: 4500,
      moop: 8000,
    },
    {
      product: '002',
      plan: '0003',
      name: 'Gold Plus',
      metal_level: 'gold',
      plan_type: 'ppo',
      hsa_eligible: false,
      base: 530,
      deductible: 1500,
      moop: 6000,
    },
    {
      product: '002',
      plan: '0004',
      name: 'Platinum Complete',
      metal_level: 'platinum',
      plan_type: 'ppo',
      hsa_eligible: false,
      base: 640,
      deductible: 250,
      moop: 3000,
    },
  ],
  dental: [
    {
      product: '101',
      plan: '0001',
      name: 'Dental Basic',
      metal_level: 'low',
      plan_type: 'hmo',
      hsa_eligible: false,
      base: 24,
      deductible: 50,
      moop: 1000,
    },
    {
      product: '101',
      plan: '0002',
      name: 'Dental Plus',
      metal_level: 'high',
      plan_type: 'ppo',
      hsa_eligible: false,
      base: 41,
      deductible: 50,
      moop: 1500,
    },
  ],
  vision: [
    {
      product: '201',
      plan: '0001',
      name: 'Vision Care',
      metal_level: 'none',
      plan_type: 'ppo',
      hsa_eligible: false,
      base: 9,
      deductible: 0,
      moop: 0,
    },
  ],
};

export interface Applicant {
  age: number;
  uses_tobacco: boolean;
}

/** A quoted plan before it is written in the document's PlanQuoteResult shape (result.ts). */
export interface QuotedPlan {
  /** 14-character HIOS plan id. */
  planId: string;
  /** `planId` with its 2-digit CSR variant suffix. */
  variantId: string;
  name: string;
  issuer: Issuer;
  template: PlanTemplate;
  query: QuoteQuery;
  premium: number;
  // Sort keys (request.ts SORT_FIELDS).
  deductible: number;
  metal_level: string;
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
  product: string;
  coverageFamily: string;
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
      const planId = `${issuer.hios_issuer_id}${q.state}${t.product}${t.plan}`;
      const premium =
        q.applicants.reduce((sum, a) => sum + t.base * ageFactor(a.age) * (a.uses_tobacco ? 1.2 : 1), 0) *
        area *
        issuerFactor;
      return {
        planId,
        variantId: `${planId}-${variant}`,
        name: `${issuer.name} ${t.name}`,
        issuer,
        template: t,
        query: q,
        premium: Math.round(premium * 100) / 100,
        deductible: t.deductible,
        metal_level: t.metal_level,
      };
    });
  });
}
