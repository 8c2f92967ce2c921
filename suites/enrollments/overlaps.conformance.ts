/**
 * Overlaps explored, not scripted (sections 3 and 8): creates, their duplicates and their other
 * bodies, submissions, cancellations, terminations, PUTs and reads of one and two applications,
 * released in a drawn order with drawn gaps, their answers held to some serial order of the same
 * requests. The applications are the run's own where it has them in the state a draw needs
 * (this file runs after the rest of its family: engine/suite-order.ts). A target that handled
 * every request alone, or answered slower than the gaps, is no failure: the check says no run
 * overlapped, and how many tried.
 */
import { verifyProperty } from '../../harness/suite/index.js';
import { overlaps } from './overlaps/arbitrary.js';
import { checkOverlap } from './overlaps/run.js';
import { carrierRuleNeeds } from './state-model/carriers.js';
import { STATE_MODEL_RULES } from './state-model/rules.js';

const IDEMPOTENCY_RULES = [
  'IDEMP-IN-PROGRESS-409',
  'IDEMP-REPLAY-STATUS',
  'IDEMP-REPLAY-BODY-VERBATIM',
  'IDEMP-REPLAY-HEADER',
  'IDEMP-FIRST-NO-REPLAY-HEADER',
  'IDEMP-MISMATCH-422',
];

verifyProperty(
  'overlapping creates, duplicates, PUTs, submissions, cancellations and reads answer as some order of them, ' +
    'one at a time, would',
  [...IDEMPOTENCY_RULES, ...STATE_MODEL_RULES],
  () => overlaps(),
  (t, overlap) => checkOverlap(t, overlap),
  {
    needs: {
      writes: true,
      fixtures: ['planFull'],
      // Its applications are planFull's: a carrier's refusals it cannot show (state-model/carriers.ts); an
      // in-progress duplicate only a slow create makes sure of (on a fast target no run may overlap it).
      ruleNeeds: { ...carrierRuleNeeds('planFull'), 'IDEMP-IN-PROGRESS-409': { fixtures: ['slowExternalId'] } },
    },
    // An overlap costs a handful of requests, as a model run does: the profile's sequence runs, at
    // most eight (certification stays within its budget of about 900 requests).
    sequenceShare: 1,
    maxRuns: 8,
    reach: 'two requests of an overlap in flight together',
    timeoutMs: 120_000,
  },
);
