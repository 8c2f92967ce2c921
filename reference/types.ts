/**
 * The contract between the reference server's core (HTTP edge, auth, rate limits,
 * idempotency, envelopes, body parsing) and its route modules. Switches (faults, variants)
 * are declared in core/switch.ts.
 */
import type { Family } from '../harness/model.js';
import type { IsOn } from './core/switch.js';

/** What a route handler receives. Authentication, gates and rate limits already passed. */
export interface RouteContext {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Named path parameters, e.g. `{ enrollment_id: 'enr_1' }`. */
  params: Record<string, string>;
  /** Decoded query: a repeated parameter keeps its last value; `all` keeps every name as sent. */
  query: Record<string, string>;
  /** Lower-cased request header names. */
  headers: Record<string, string>;
  /** Parsed body: JSON value, or for multipart `{ fields, files }`; undefined when empty. */
  body: unknown;
  /** Raw request body bytes. */
  raw: Buffer;
  /** The authenticated account (see reference/data/accounts.json). */
  account: Account;
  /** Current time from the server's injectable clock. */
  now(): Date;
  /** Next deterministic id with a prefix, e.g. `enr_000001`. */
  nextId(prefix: string): string;
  /** Whether a switch is on, asked with its declaration: `on(POLICY_FAULTS.limitUnchecked)`. */
  on: IsOn;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Gate = 'enrollment_sessions' | 'policy_status' | 'direct_enrollment';

/** The rule stating an operation's success and the statuses it allows (`ENR-CREATE-SUCCESS`: 200 or 201). */
export interface SuccessAnswer {
  rule: string;
  status: readonly number[];
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path pattern with `{name}` parameters, e.g. `/v1/enrollments/{enrollment_id}`. */
  pattern: string;
  family: Family;
  /** Approval gate checked by the core before the handler (403 forbidden when not approved). */
  gate?: Gate;
  /** Idempotency-Key handling applied by the core (section 8). */
  idempotency?: 'optional' | 'required';
  /** Error body shape for service failures: unified `{error}` or direct enrollment `{errors[]}`. */
  errorShape?: 'unified' | 'errors';
  /**
   * Request body media types the route accepts (default `['json']`; supporting documentation
   * also takes `multipart`). Anything else on a body-carrying request is a 415.
   */
  bodyTypes?: Array<'json' | 'multipart'>;
  /**
   * Status for a body in a media type the route does not take: 415 (default), or 400 in the
   * route's error shape where the provider's document lists no 415 for the operation.
   */
  mediaTypeRefusal?: 400 | 415;
  /**
   * Its success answer as the contract states it: the rule of specs/rules.json that states it and the
   * statuses it allows. Absent where the contract states none (any 2xx). The faults generated per
   * operation (faults/operations/) change it on this route alone.
   */
  success?: SuccessAnswer;
  /** Header carrying the key: `x-api-key` (default) or Medicare's `X-API-Key` (same on the wire, case-insensitive). */
  handler(ctx: RouteContext): RouteResult | Promise<RouteResult>;
  /**
   * How a replay of this route is answered: the stored answer verbatim unless the module says
   * otherwise (only a fault does: a replay that shows the application as it is now).
   */
  replayed?(stored: RouteResult, ctx: RouteContext): RouteResult;
}

/** What a route module gets from the server instance it is mounted in. */
export interface ServerEnv {
  now(): Date;
  nextId(prefix: string): string;
  /** Whether a switch is on, asked with its declaration. */
  on: IsOn;
  /** Delay before asynchronous enrollment processing settles (ms; default 50). */
  processingDelayMs: number;
  /** Receiver URL for the older ICHRA webhooks (submission confirmation, policy status). */
  webhookUrl?: string;
  /** Schedule work on the server's timer (cleared on close). */
  later(ms: number, fn: () => void): void;
  /** Data-set sizes asked for at start (scale runs); modules use their defaults when absent. */
  seed?: { enrollments?: number; providers?: number };
}

/** A family's routes, built per server instance so state never leaks between servers. */
export type RouteModule = (env: ServerEnv) => Route[];

export interface Account {
  id: string;
  /** Environment-variable-free name of the role this account plays in the profile. */
  role: string;
  tier: 'low' | 'medium' | 'high';
  approvals: Gate[];
  /** Self-service sessions need a configured deeplink agent id. */
  deeplinkAgentId?: string;
  /** Agent-assisted sessions need a healthy marketplace OAuth link. */
  oauthLinkHealthy: boolean;
  /** Medicare contact API access. */
  medicare?: boolean;
}
