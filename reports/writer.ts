/**
 * One report format = one writer: it accumulates what the run produces and writes on close.
 * Writers only render what they are given; they add no data of their own (no keys, no env).
 */
import type { Finding } from '../harness/model.js';
import type { RunSummary } from './types.js';

export interface ReportWriter {
  /** A check finished (called in the order checks end). */
  add?(finding: Finding): void;
  /** Every check of a family has finished. */
  familyDone?(family: string): void;
  /** The run ended; write the output. */
  close(summary: RunSummary): void | Promise<void>;
}
