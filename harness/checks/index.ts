/** The check library: the table of checks (table.ts), their binding, and checks composed from bound ones (composed/). */
export { RuleViolation, isRuleViolation } from './violation.js';
export type { RuleViolationInit, ViolationSeverity } from './violation.js';
export type { Check, CheckScope, RequestLine, ResponseValidator } from './scope.js';
export type { CheckNote, NoteSink } from './note.js';
export { describeDisagreement, shapeDisagreement, statusDisagreement, type Disagreement } from './disagreements.js';
export { headerOf, jsonOf, requireResponse } from './scope.js';
export { CHECKS, type CheckName, type CheckTable } from './table.js';
export { bindChecks, bindTable } from './bound.js';
export type { Bound, BoundCheck, BoundChecks, BoundEnvironment } from './bound.js';
export type { HeaderExpectation } from './header.js';
export type { ReplayExpectation } from './replay.js';
export type { SortExpectation, SortKey } from './sorted-by.js';
export type { Claim } from './that.js';
export type { OneSourceClaim } from './one-source-allows.js';
export { expectForbidden, expectForbiddenInEitherEnvelope, errorCodes } from './composed/forbidden.js';
export { expectRejected } from './composed/rejected.js';
export { expectNo5xx } from './composed/no-5xx.js';
