/**
 * The per-request options the client's interceptors read, carried on undici's dispatch options
 * (the same way undici's own interceptors take `dumpMaxSize` or `retryOptions`).
 */
import type { Dispatcher } from 'undici';
import type { Exchange, ExchangeSource, JournalEntry, MadeWrong } from '../model.js';
import type { BudgetRef } from './rate-budget.js';
import type { Together } from './types.js';

export interface PaceOptions extends BudgetRef {
  /** Bypass pacing (deliberate bursts); the 429 it provokes still pauses the key. */
  unpaced?: boolean;
  /** Longest acceptable wait for a token; beyond it the exchange fails with BUDGET_TIMEOUT. */
  maxWaitMs: number;
  /** A member of a race: the first member reserves the tokens of all. */
  together?: Together;
}

export interface RecordOptions {
  /** Key role used, kept on the exchange (never the key itself). */
  role?: string;
  label?: string;
  /** What the sender made wrong on purpose, kept on the exchange. */
  wrong?: MadeWrong;
  /** Who sent the request, named in the run's journal. */
  source?: ExchangeSource;
  /** The interface the request goes to, named in the run's journal. */
  api: JournalEntry['api'];
  /** The contract operation it is sent to (`GET /v1/ping`), when the client knows the routes: kept on the exchange. */
  operation?: string;
  /** Receives the finished, redacted exchange exactly once. */
  onExchange(exchange: Exchange): void;
}

export interface ClientDispatchOptions extends Dispatcher.DispatchOptions {
  pace?: PaceOptions;
  record?: RecordOptions;
  /** Whole-exchange bound in ms, from sending to the end of the body. */
  deadlineMs?: number;
}
