/**
 * A non-fatal observation of a check: the answer is allowed, but only by one of the two sources
 * (a disagreement between the prose and the provider's document). The check goes on; a check
 * that passes with notes is reported as a warning naming them.
 */
import type { Exchange } from '../model.js';

export interface CheckNote {
  /** Name of the check that noted it (its key in the check table). */
  check: string;
  /** Rule ids the note is about. */
  rules: readonly string[];
  /** The id of the entry in specs/disagreements.json that allows the answer. */
  disagreement: string;
  title: string;
  expected: string;
  observed: string;
  exchange?: Exchange;
}

/** Where a bound check hands its notes (the check context collects them for the finding). */
export type NoteSink = (note: CheckNote) => void;
