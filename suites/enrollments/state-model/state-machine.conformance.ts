/**
 * The state machine of section 3 as a model: for each test carrier of the profile, drawn
 * sequences of create, PUT, submit, cancel, terminate, read, list by policy_status, payment
 * redirect and supporting documentation, each answer held to what the model allows from the
 * state the sequence reached. A failure shrinks to the shortest sequence, reported as numbered
 * steps with their exchanges.
 */
import fc from 'fast-check';
import { verifyProperty } from '../../../harness/suite/index.js';
import { commandsOf, stateSequences } from './arbitrary.js';
import { MODEL_PLANS } from './carriers.js';
import { newReal } from './system.js';

/** Every rule a step can break. */
export const STATE_MODEL_RULES = [
  'ENR-CREATE-SUCCESS', 'ENR-CREATE-INITIAL-DRAFT', 'ENR-READ-200', 'ENR-LIST-200', 'EDGE-NO-5XX',
  'ENR-SUBMIT-202', 'ENR-SUBMIT-OUTSTANDING-ERRORS-422', 'ENR-SUBMIT-NO-CHANGES-422', 'ENR-SUBMIT-RESUBMIT-AFTER-CHANGES',
  'ENR-SUBMIT-ASYNC-OUTCOME', 'ENR-SUBMIT-FAILED-OUTCOME', 'ENR-EFFECTUATION',
  'ENR-CANCEL-202', 'ENR-CANCEL-OUTCOME', 'ENR-CANCEL-NOT-PENDING-400', 'ENR-CANCEL-PAST-PENDING-400', 'ENR-CANCEL-UNSUPPORTED-CARRIER-400',
  'ENR-TERMINATE-202', 'ENR-TERMINATE-OUTCOME', 'ENR-TERMINATE-NOT-ACTIVE-400', 'ENR-TERMINATE-UNSUPPORTED-CARRIER-400',
  'ENR-UPDATE-TRACKED', 'ENR-UPDATE-UNSUPPORTED-CARRIER', 'ENR-UPDATE-KEEPS-POLICY-STATUS',
  'ENR-PAYMENT-200', 'ENR-PAYMENT-UNSUPPORTED-422', 'ENR-DOCS-JSON',
  'ENR-LIST-FILTER-FOLLOWS-STATUS', 'ENR-NEXT-ACTIONS-AVAILABLE',
];

for (const plan of MODEL_PLANS) {
  verifyProperty(
    `any sequence of operations on ${plan} applications follows the state machine of section 3`,
    STATE_MODEL_RULES,
    (t) => {
      t.fixture(plan);
      return stateSequences(plan);
    },
    (t, sequence) => fc.asyncModelRun(() => ({ model: { apps: [] }, real: newReal(t) }), commandsOf(sequence)),
    { needs: { writes: true, fixtures: [plan] }, maxRuns: 6 },
  );
}
