/** Faults of the policy-status family (4.7, 4.8). */
import { flagFault, is, rewriteFault } from '../core/fault-kit.js';
import { GATE_IGNORED_FLAG } from '../core/fault-names.js';
import type { Fault } from '../types.js';
import { POLICY_FLAGS as F } from './flags.js';

const READ = /^\/v1\/policy-status\/applications\/[^/]+$/;

export const faults: Fault[] = [
  flagFault(F.productAccepted, 'POLICY-LIST-NO-PRODUCT', 'policy-status', 'The list accepts a product parameter.'),
  flagFault(F.limitUnchecked, 'POLICY-LIST-LIMIT-RANGE', 'policy-status', 'limit above 100 is accepted.'),
  flagFault(F.offsetNegativeAccepted, 'POLICY-LIST-OFFSET-RANGE', 'policy-status', 'A negative offset is read as 0.'),
  flagFault(F.defaultLimit50, 'POLICY-LIST-LIMIT-DEFAULT', 'policy-status', 'Without limit, up to 50 rows come back.'),
  flagFault(F.defaultOffset1, 'POLICY-LIST-OFFSET-DEFAULT', 'policy-status', 'Without offset, the list starts at offset 1.'),
  flagFault(F.pagesOverlap, 'POLICY-LIST-PAGES-CONSISTENT', 'policy-status', 'Pages after the first start one row early, so they overlap.'),
  flagFault(F.pageOversized, 'POLICY-LIST-LIMIT-BOUND', 'policy-status', 'A page holds one row more than limit.'),
  flagFault(F.listExchangeOffAccepted, 'POLICY-LIST-EXCHANGE-ON-ONLY', 'policy-status', 'exchange=off_exchange is accepted on the list.'),
  flagFault(F.listExchangeOptional, 'POLICY-LIST-EXCHANGE-REQUIRED', 'policy-status', 'The list accepts a request without exchange.'),
  flagFault(F.listPlanYearOptional, 'POLICY-LIST-PLAN-YEAR-REQUIRED', 'policy-status', 'The list accepts a request without plan_year.'),
  flagFault(F.readExchangeOptional, 'POLICY-READ-EXCHANGE-REQUIRED', 'policy-status', 'The single read accepts a request without exchange.'),
  flagFault(F.readPlanYearOptional, 'POLICY-READ-PLAN-YEAR-REQUIRED', 'policy-status', 'The single read accepts a request without plan_year.'),
  flagFault(GATE_IGNORED_FLAG.policy_status, 'GATE-POLICY-UNAPPROVED-403', 'policy-status', 'Policy status does not check the account\'s approval.'),
  rewriteFault('policy-unknown-confirmation-200', 'POLICY-READ-404', 'policy-status', 'An unknown confirmation id gives 200 with no policy statuses.', (req, res) =>
    is(req, 'GET', READ) && res.status === 404 ? { ...res, status: 200, body: { policy_statuses: [] } } : res),
  rewriteFault('policy-list-500', 'POLICY-LIST-200', 'policy-status', 'The list answers 500 for plan year 2026.', (req, res) =>
    is(req, 'GET', '/v1/policy-status/applications') && res.status === 200 && req.query.plan_year === '2026' ? { ...res, status: 500, body: { error: { code: 'internal_error', message: 'Upstream failure.' } } } : res),
  rewriteFault('policy-read-400', 'POLICY-READ-200', 'policy-status', 'A known confirmation id answers 400.', (req, res) =>
    is(req, 'GET', READ) && res.status === 200 ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Bad confirmation id.' } } } : res),
];
