/**
 * The outcome 2.8 and 4.10 allow for a create body drawn as plan x start x special enrollment
 * period x the applicant members a carrier needs that it leaves out x a member the request must
 * not carry: the statuses, the rule a different answer breaks, and what errors[] must show.
 */
import { REJECTED_MEMBERS } from './rejected-members.js';
import { INCOMPLETE_LEAVES_OUT } from './requests.js';

export interface CreateCase {
  plan: 'planFull' | 'planLimited';
  future: boolean;
  sep: boolean;
  /** Primary-applicant members left out (of INCOMPLETE_LEAVES_OUT). */
  missing: ReadonlyArray<(typeof INCOMPLETE_LEAVES_OUT)[number]>;
  /** Index into REJECTED_MEMBERS of a member added, or -1. */
  rejected: number;
}

export interface CreateOutcome {
  statuses: readonly number[];
  /** Absent where the contract states no outcome (only no 5xx is held). */
  rule?: string;
  /** errors[] must be non-empty (a refusal's, or the created application's). */
  errors: boolean;
  /** A 2xx shows policy_status draft. */
  draft: boolean;
}

export function createOutcome(c: CreateCase): CreateOutcome {
  if (c.rejected >= 0) return { statuses: [400], rule: REJECTED_MEMBERS[c.rejected].rule, errors: true, draft: false };
  // Only the whole set is what the suite knows a carrier needs; a part of it may or may not be reported.
  if (c.missing.length === INCOMPLETE_LEAVES_OUT.length)
    return { statuses: [200, 201, 400, 422], rule: 'ENR-CREATE-VALIDATION-ERRORS', errors: true, draft: true };
  if (c.missing.length > 0) return { statuses: [200, 201, 400, 422], errors: false, draft: true };
  return { statuses: [200, 201], rule: 'ENR-CREATE-SUCCESS', errors: false, draft: true };
}

export const CREATE_ORACLE_RULES = [
  ...REJECTED_MEMBERS.map((m) => m.rule),
  'ENR-CREATE-VALIDATION-ERRORS',
  'ENR-CREATE-SUCCESS',
  'ENR-CREATE-INITIAL-DRAFT',
  'EDGE-NO-5XX',
];
