/** The public shapes of the HTTP client. */
import type { KeyRing } from './keys.js';
import type { Exchange, ExchangeSource, MadeWrong } from '../model.js';
import type { TargetProfile } from '../run-config.js';
import type { RequestCapOptions } from './interceptors/request-cap.js';
import type { RateBudgets } from './rate-budget.js';

export type ApiFamily = 'v1' | 'legacy' | 'medicare';

export interface ClientOptions {
  /** The target profile: base URLs, key variables by role, timeouts, `readOnly`. */
  profile: TargetProfile;
  /** Prefixes idempotency keys. */
  runId: string;
  /** Where key values are read from; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** The run's keys, resolved once by the engine; default a ring over the profile's keys and `env`. */
  keys?: KeyRing;
  /** Never through a proxy: the embedded server listens in this process, on 127.0.0.1. Default false. */
  direct?: boolean;
  /** Refuse requests with side effects; also on when `profile.readOnly` is true. */
  readOnly?: boolean;
  /** Path templates of GET routes with side effects (refused when read-only). */
  sideEffectGets?: string[];
  /** Writes a read-only client still sends (`POST /v1/quotes`: harness/side-effect-free.ts). */
  allowedWrites?: string[];
  /** The operation a request is of, as `METHOD /path-template`, kept on its exchange (latency budgets). */
  operationOf?: (method: string, path: string) => string | undefined;
  /** Rate budgets; default the run-wide `sharedBudgets`. */
  budgets?: RateBudgets;
  /** Bound on each response body read and recorded; default 1 MiB. */
  maxBodyBytes?: number;
  /** At most this many requests leave the client (the run profile's `requestCap`); default unbounded. */
  requestCap?: RequestCapOptions;
  /** The run's journal (an NDJSON file, harness/client/journal.ts): every exchange is appended as it ends. */
  journal?: string;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path from the API's base URL, e.g. `/v1/ping`; may already hold a query. */
  path: string;
  /** Which base URL; default `v1`. `legacy` and `medicare` fall back to `baseUrl`. */
  api?: ApiFamily;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** JSON body; sets `content-type: application/json` unless `contentType` is given. */
  json?: unknown;
  /** Raw body, sent as is with `contentType`. */
  body?: string | Uint8Array;
  contentType?: string;
  /** Key role from the profile; default `approved`; `null` sends no key. */
  role?: string | null;
  /** Send a plausible but invalid key value instead of the role's key. */
  invalidKey?: boolean;
  /** `Idempotency-Key` header; `true` takes a fresh key. */
  idempotencyKey?: string | true;
  /** Whole-exchange timeout; default `profile.requestTimeoutMs`, else 10000. */
  timeoutMs?: number;
  /**
   * Longest wait for a rate-budget token before the request fails with BUDGET_TIMEOUT without
   * being sent; default DEFAULT_BUDGET_WAIT_MS. Checks pass what remains of their own deadline.
   */
  budgetWaitMs?: number;
  /** Skip pacing (deliberate bursts for rate-limit checks); still recorded. */
  unpaced?: boolean;
  /**
   * One of `size` requests of one key sent as a race (`sendConcurrently`): their tokens are
   * reserved at once, within the tier's burst, so they leave together even at tier low.
   */
  together?: Together;
  /**
   * Writes every header name in this case (HTTP names are case-insensitive: RFC 9110, 5.1), to
   * show a target reads them so; default as the client writes them (lower case, Idempotency-Key).
   */
  headerCase?: HeaderCase;
  /** Free text kept on the exchange. */
  label?: string;
  /** What the request is made wrong in on purpose (kept on its exchange and in the journal); absent: meant valid. */
  wrong?: MadeWrong;
  /**
   * Who sends it (the check context names its check; a request may name the family it is sent
   * for), for the run's journal.
   */
  source?: ExchangeSource;
}

export type HeaderCase = 'upper' | 'lower' | 'title' | 'alternating';

export interface Together {
  id: string;
  size: number;
}

export interface Client {
  /**
   * Sends one request and returns its exchange. HTTP statuses and transport failures never
   * throw (failures are `exchange.error`); ReadOnlyViolation, MissingKeyRole and ConfigError
   * (E_KEY_ENV_MISSING) are thrown before anything is sent.
   */
  send(req: ApiRequest): Promise<Exchange>;
  /**
   * Sends all at once as one race (race.ts `sendConcurrently`); each still waits for its rate budget. Results in input
   * order.
   */
  sendConcurrently(reqs: ApiRequest[]): Promise<Exchange[]>;
  /** The profile has a key for the role and its environment variable is set. */
  hasRole(role: string): boolean;
  /** No two of `roles` hold the same key value (compared in process, never shown). */
  distinctKeys(roles: readonly string[]): boolean;
  /** A fresh idempotency key with the run prefix. */
  newIdempotencyKey(label?: string): string;
  /** Every finished exchange, in the order the requests were made. */
  exchanges(): Exchange[];
  /** Requests handed to the network (budget timeouts and refusals excluded). */
  requestCount(): number;
  /** Requests the request cap still lets through; undefined when the client has no cap. */
  requestsLeft(): number | undefined;
  close(): Promise<void>;
}
