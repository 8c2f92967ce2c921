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
import { fullDraft } from './applications.js';
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

/** Its applications are planFull's: the refusals of another carrier (state-model/carriers.ts) are not its rules. */
const OTHER_CARRIERS = new Set(Object.keys(carrierRuleNeeds('planFull')));

verifyProperty(
  'overlapping creates, duplicates, PUTs, submissions, cancellations and reads answer as some order of them, ' +
    'one at a time, would',
  [...IDEMPOTENCY_RULES, ...STATE_MODEL_RULES.filter((rule) => !OTHER_CARRIERS.has(rule))],
  () => overlaps(),
  async (t, overlap) => {
    // The run's planFull draft first: a target that will not create one blocks this check under that
    // step, as it blocks the state model, rather than failing each overlap's creates.
    await fullDraft(t);
    return checkOverlap(t, overlap);
  },
  {
    needs: {
      writes: true,
      fixtures: ['planFull'],
      // An in-progress duplicate only a slow create makes sure of (on a fast target no run may overlap it).
      ruleNeeds: { 'IDEMP-IN-PROGRESS-409': { fixtures: ['slowExternalId'] } },
    },
    // An overlap costs a handful of requests, as a model run does: the profile's sequence runs, at
    // most eight (certification stays within its budget of about 900 requests).
    sequenceShare: 1,
    maxRuns: 8,
    reach: 'two requests of an overlap in flight together',
    timeoutMs: 120_000,
  },
);
