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
import { CARRIER_TRAITS, carrierRuleNeeds, MODEL_PLANS } from './carriers.js';
import { STATE_MODEL_RULES } from './rules.js';
import { newReal } from './system.js';

for (const plan of MODEL_PLANS) {
  verifyProperty(
    `any sequence of operations on ${plan} applications follows the state machine of section 3`,
    [...STATE_MODEL_RULES],
    (t, commandsReplay) => {
      t.fixture(plan);
      return stateSequences(plan, commandsReplay);
    },
    (t, sequence) => fc.asyncModelRun(() => ({ model: { apps: [] }, real: newReal(t) }), commandsOf(sequence)),
    {
      needs: { writes: true, fixtures: [plan], ruleNeeds: carrierRuleNeeds(plan) },
      sequenceShare: CARRIER_TRAITS[plan].runShare,
    },
  );
}
