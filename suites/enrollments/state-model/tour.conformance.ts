/**
 * The model's directed tour (tour.ts): every state section 3 lets a client reach, its
 * refusals and operations tried there, in one fixed sequence, so a fault that only a sequence shows is met at
 * every seed; the drawn sequences (state-machine.conformance.ts) add the combinations.
 */
import { verify } from '../../../harness/suite/index.js';
import { carrierRuleNeeds } from './carriers.js';
import { STATE_MODEL_RULES } from './rules.js';
import { runTour, TOUR_PLAN } from './tour.js';

verify(
  `a tour of every state of section 3 on ${TOUR_PLAN} applications tries the refused status changes and the ` +
    `list in each, and PUT, payment and documentation where they have a rule`,
  [...STATE_MODEL_RULES],
  async (t) => {
    t.fixture(TOUR_PLAN);
    await runTour(t);
  },
  { needs: { writes: true, fixtures: [TOUR_PLAN], ruleNeeds: carrierRuleNeeds(TOUR_PLAN) } },
);
