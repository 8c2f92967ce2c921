/**
 * What one overlap is made of: the applications it acts on (each in the state it needs when the
 * overlap starts), the creates it sends (each Idempotency-Key with its body), the requests, and
 * how they are released: the order a fast-check scheduler draws and a drawn gap before each.
 */
import type fc from 'fast-check';
import type { Exchange } from '../../../harness/suite/index.js';
import type { Timed } from '../../../harness/suite/serial.js';

/** The state an application the overlap acts on is in when the overlap starts. */
export type SubjectState = 'draft' | 'pending_effectuation' | 'effectuated';

/** What the overlap does to an application it acts on. */
export type Action = 'submit' | 'cancel' | 'terminate' | 'update' | 'read';

export type OverlapRequest =
  /** A create with Idempotency-Key `key`; `other` sends that key with another body (a mismatch). */
  { kind: 'create'; key: number; other: boolean } | { kind: Action; subject: number };

export interface Overlap {
  /** The state each application the requests act on needs (by subject index). */
  subjects: SubjectState[];
  /** Per Idempotency-Key: its creates carry the slowExternalId fixture, so the first stays in flight longer. */
  slow: boolean[];
  requests: OverlapRequest[];
  /** Milliseconds before each release, in the order the scheduler releases them. */
  gaps: number[];
  /** Decides which request is released next. */
  scheduler: fc.Scheduler;
}

/** A request of the overlap as it went: when it was in flight and what it was answered. */
export interface OverlapOp extends Timed {
  request: OverlapRequest;
  ex: Exchange;
  /** A read after the overlap, polled until what was accepted had time to show: nothing may be still to come. */
  settled?: boolean;
}

/** A request in words, as labels and counterexamples show it. */
export function describeRequest(r: OverlapRequest): string {
  if (r.kind === 'create') return `create with key #${r.key + 1}${r.other ? ' and another body' : ''}`;
  return `${r.kind} application #${r.subject + 1}`;
}

/** The subjects a request list acts on, in index order. */
export const subjectsActedOn = (requests: readonly OverlapRequest[]): number[] =>
  [...new Set(requests.flatMap((r) => (r.kind === 'create' ? [] : [r.subject])))].sort((a, b) => a - b);

/** The Idempotency-Keys a request list creates with, in index order. */
export const keysUsed = (requests: readonly OverlapRequest[]): number[] =>
  [...new Set(requests.flatMap((r) => (r.kind === 'create' ? [r.key] : [])))].sort((a, b) => a - b);
