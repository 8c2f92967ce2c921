/** A quoted plan with only the members the provider's PlanQuoteResult requires, at every level. */

type Plan = Record<string, any>;

const pick = (o: Record<string, unknown> | undefined, names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(names.filter((n) => o?.[n] !== undefined).map((n) => [n, o![n]]));

export function sparsePlan(p: Plan): Plan {
  return {
    ...pick(p, ['plan_id', 'coverage_family', 'coverage_type', 'name', 'api_enrollable']),
    context: pick(p.context, ['product', 'exchange', 'coverage_family', 'coverage_type']),
    issuer: pick(p.issuer, ['issuer_id', 'name']),
    pricing: pick(p.pricing, ['gross_premium', 'currency']),
    documents: {},
    details: pick(p.details, ['type']),
    release: pick(p.release, ['release_id']),
  };
}
