/** POST /v1/quotes (4.5): one market and one coverage type per request, homogeneous results. */
import { badRequest, json } from '../core/respond.js';
import type { RouteModule } from '../types.js';
import { QUOTE_FLAGS } from './flags.js';
import { quotePlans, type QuotedPlan } from './plans.js';
import { parseQuoteRequest } from './request.js';

export const quoteRoutes: RouteModule = () => [
  {
    method: 'POST',
    pattern: '/v1/quotes',
    family: 'quotes',
    handler: ({ body, now, faulty }) => {
      const parsed = parseQuoteRequest(withFaults(body, faulty), now());
      if (!parsed.ok) return badRequest(parsed.message, parsed.field);
      const q = parsed.request;
      const plans = quotePlans(q).sort(comparator(q.sort.field, q.sort.direction));
      const start = (q.page.number - 1) * q.page.size;
      return json({
        plans: faulty(QUOTE_FLAGS.pageSizeIgnored) ? plans : plans.slice(start, start + q.page.size),
        meta: {
          coverage_type: q.coverageType,
          exchange: q.exchange,
          plan_year: q.planYear,
          page_number: q.page.number,
          page_size: q.page.size,
          result_count: plans.length,
        },
      });
    },
  },
];

function comparator(field: 'premium' | 'deductible' | 'name' | 'metal_level', direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: QuotedPlan, b: QuotedPlan): number => {
    const x = a[field];
    const y = b[field];
    const primary = x < y ? -1 : x > y ? 1 : 0;
    return primary !== 0 ? sign * primary : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** Fault paths: an empty body becomes a default request; a list of coverage types, its first. */
function withFaults(body: unknown, faulty: (name: string) => boolean): unknown {
  if (body === undefined && faulty(QUOTE_FLAGS.bodyOptional)) {
    return { context: { coverage_type: 'medical', exchange: 'on_exchange', plan_year: 2026 }, location: { fips_code: '21111' } };
  }
  const context = (body as { context?: { coverage_type?: unknown } } | null)?.context;
  if (faulty(QUOTE_FLAGS.multipleCoverageTypesAccepted) && Array.isArray(context?.coverage_type)) {
    return { ...(body as object), context: { ...context, coverage_type: context.coverage_type[0] } };
  }
  return body;
}
