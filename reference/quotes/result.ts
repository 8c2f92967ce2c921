/**
 * A quoted plan in the provider document's PlanQuoteResult shape: every required member
 * (plan_id, coverage_family, coverage_type, name, api_enrollable, context, issuer, pricing,
 * documents, details, release) and the optional ones the sandbox can fill honestly. Members
 * the document marks `nullable` are left out rather than sent as null: the document is OpenAPI
 * 3.1, where `nullable` is no keyword, so a strict reader takes null for a type error.
 */
import type { QuotedPlan } from './plans.js';

/** CSR variation of the 2-digit HIOS variant suffix (document: details.csr_level). */
const CSR_LEVEL: Record<string, string> = { '00': 'off_exchange', '01': 'standard' };

const DOCUMENTS = 'https://documents.reference.example';

/** Family deductible and out-of-pocket maximum are twice the individual ones (the ACA convention). */
const FAMILY_FACTOR = 2;

export function planQuoteResult(p: QuotedPlan): Record<string, unknown> {
  const q = p.query;
  const t = p.template;
  const medical = q.coverageType === 'medical';
  const variant = p.variantId.slice(-2);
  return {
    plan_id: p.planId,
    variant_id: p.variantId,
    external_plan_id: p.variantId,
    coverage_family: q.coverageFamily,
    coverage_type: q.coverageType,
    name: p.name,
    display_name: p.name,
    // The sandbox's direct-enrollment test carriers are chosen by their own plan ids; no quoted plan passes those
    // gates.
    api_enrollable: false,
    context: {
      product: q.product,
      exchange: q.exchange,
      coverage_family: q.coverageFamily,
      coverage_type: q.coverageType,
      plan_year: q.planYear,
    },
    issuer: { issuer_id: p.issuer.hios_issuer_id, name: p.issuer.name, state: q.state },
    network: {
      network_id: `${p.issuer.hios_issuer_id}${q.state}N001`,
      name: `${p.issuer.name} Network`,
      type: t.plan_type,
    },
    pricing: {
      gross_premium: p.premium,
      ehb_premium: p.premium,
      max_aptc: 0,
      subsidy_applied: 0,
      net_premium: p.premium,
      currency: 'USD',
      billing_period: 'monthly',
    },
    documents: {
      sbc_url: `${DOCUMENTS}/${q.planYear}/${p.planId}/sbc.pdf`,
      ...(medical ? { formulary_url: `${DOCUMENTS}/${q.planYear}/${p.planId}/formulary.pdf` } : {}),
    },
    availability: {
      state: q.state,
      service_area_id: `${q.state}S${p.issuer.hios_issuer_id.slice(-3)}`,
      rating_area: `Rating Area ${1 + (Number(q.fips) % 7)}`,
    },
    details: medical ? medicalDetails(p, variant) : { type: q.coverageType },
    release: { release_id: `${q.planYear}-r1`, plan_year: q.planYear },
  };
}

function medicalDetails(p: QuotedPlan, variant: string): Record<string, unknown> {
  const t = p.template;
  return {
    type: 'medical',
    metal_level: t.metal_level,
    plan_type: t.plan_type,
    hsa_eligible: t.hsa_eligible,
    is_standardized: false,
    adult_dental: false,
    child_dental: true,
    deductible_individual: t.deductible,
    deductible_family: t.deductible * FAMILY_FACTOR,
    moop_individual: t.moop,
    moop_family: t.moop * FAMILY_FACTOR,
    csr_level: CSR_LEVEL[variant] ?? 'standard',
    primary_care_summary: t.deductible > 5000 ? 'No Charge After Deductible' : '$25 Copay',
    specialist_summary: t.deductible > 5000 ? 'No Charge After Deductible' : '$60 Copay',
    urgent_care_summary: '$75 Copay',
    generic_rx_summary: '$10 Copay',
  };
}
