/**
 * The check library: the table of checks (table.ts), their binding, and checks composed from bound ones (composed/).
 */
export { RuleViolation } from './violation.js';
export { bindChecks } from './bound.js';
export { expectForbidden, expectForbiddenInEitherEnvelope, errorCodes } from './composed/forbidden.js';
export { expectRejected } from './composed/rejected.js';
export { expectNo5xx } from './composed/no-5xx.js';
