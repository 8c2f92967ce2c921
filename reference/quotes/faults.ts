/** Faults of the quotes family (2.5, 4.5). */
import { bodyOf, flagFault, is, rewriteFault } from '../core/fault-kit.js';
import type { Fault } from '../types.js';
import { QUOTE_FLAGS as F } from './flags.js';

export const faults: Fault[] = [
  rewriteFault('quotes-mixed-coverage', 'QUOTES-HOMOGENEOUS', 'quotes', 'The result list ends with a plan of another coverage type.', (req, res) => {
    const plans = bodyOf(res)?.plans;
    if (!is(req, 'POST', '/v1/quotes') || res.status !== 200 || !Array.isArray(plans) || plans.length === 0) return res;
    const first = plans[0] as Record<string, unknown>;
    const coverage_type = first.coverage_type === 'dental' ? 'medical' : 'dental';
    const other = { ...first, plan_id: `${String(first.plan_id).slice(0, 7)}1010001`, coverage_type, context: { ...(first.context as object), coverage_type } };
    return { ...res, body: { ...bodyOf(res), plans: [...plans, other] } };
  }),
  flagFault(F.multipleCoverageTypesAccepted, 'QUOTES-ONE-COVERAGE-TYPE', 'quotes', 'A list of coverage types is accepted (the first is quoted).'),
  flagFault(F.bodyOptional, 'QUOTES-BODY-REQUIRED', 'quotes', 'A quote request without a body is answered with a default quote.'),
  flagFault(F.pageSizeIgnored, 'QUOTES-PAGE-SIZE', 'quotes', 'page.size is ignored: every result comes back on one page.'),
  rewriteFault('quotes-200-as-201', 'QUOTES-200', 'quotes', 'A successful quote answers 201 instead of 200.', (req, res) =>
    is(req, 'POST', '/v1/quotes') && res.status === 200 ? { ...res, status: 201 } : res),
];
