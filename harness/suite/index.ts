/** The suite API: what a file under suites/<family>/ imports. */
export { verify, verifyProperty } from './verify.js';
export type { CheckContext } from './context.js';
export type { Needs } from './needs.js';
export {
  needsOf,
  onOneItem,
  type OperationSpec,
  type OperationTable,
  type SuccessAnswer,
} from './operation.js';
export { expectSuccessAnswer, expectSuccessShared } from './success.js';
export { SkipCheck } from './skip.js';
export { OTHER_ACCOUNT } from './family-keys.js';
export { STAGE_BURST_NEED, stageBurstPlan, tiersToMeasure } from './stage-keys.js';
export { waitAfter429 } from './limited-retry.js';
export { StepFailed, stepFailed, stepStatus } from './setup-step.js';
export type { TargetContext } from '../target.js';
export type { ApiRequest } from '../client/index.js';
export type { Exchange } from '../model.js';
export { RuleViolation } from '../checks/violation.js';
export { maxBodyBytes } from './body-limit.js';
export { cutShort, paddedPast, underMediaType } from './edge-bodies.js';
export { KEY_CASES } from './key-cases.js';
export { expectReplayRuleByRule, expectStoredFailureReplayed } from './idempotency.js';
export { readWhileStill } from './pages.js';
export { stepLabel } from './sequence-steps.js';
export { draw } from './draw.js';
export { wrongAsWhole, wrongIn } from './made-wrong.js';
export {
  expectPartition,
  limitOffsetProblem,
  pagesPerWalk,
  partitionProblems,
  readPartition,
  type Page,
  type PartitionKind,
  type ReadPage,
} from './page-walk.js';
