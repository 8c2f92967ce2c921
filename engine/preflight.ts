/**
 * The preflight: before any check, one GET /v1/ping with each key the run will use. It tells
 * the ways a target cannot be tested at all apart from a broken rule, each with its own code and
 * exit code (docs/exit-codes.md): it cannot be reached (4: no such host, nothing listening,
 * TLS, the proxy refused or cannot be reached, no connection in time), it refused one of our
 * keys (5, naming each role), it is not the API as configured (8: no ping object, or a 404 for
 * the ping: a wrong path prefix), or it is unhealthy (9: a 5xx). A transport failure or a 5xx
 * is confirmed as a check's is (the run's attempts a pause apart, within its confirmation budget;
 * PREFLIGHT_CONFIRM when the run profile confirms nothing) before it stops the run. Only a ping
 * object (or a 429) lets the run go on; what the checks can judge of it (its status, its members'
 * types) they judge. This table is the one owner of "which answer is which cause".
 */
import type { ErrorCode, TargetUnusableExit } from '../harness/errors.js';
import { TargetUnusable } from '../harness/errors.js';
import type { Exchange, Family } from '../harness/model.js';
import { createClient, DEFAULT_TIMEOUT_MS, retryAfterMs } from '../harness/client/index.js';
import type { KeyRing } from '../harness/client/keys.js';
import { proxyFor } from '../harness/client/proxy-route.js';
import { publicUrl } from '../harness/reproduce.js';
import type { TargetProfile } from '../harness/run-config.js';
import { confirmBudgetOf } from '../harness/budgets.js';
import { runProfile, type ConfirmBudget, type RunProfile } from '../harness/run-profiles.js';
import { familyKeyRole } from '../harness/suite/family-keys.js';
import { checkDeadline, timeoutWithin } from '../harness/suite/run-deadline.js';

type Answer = NonNullable<Exchange['response']>;

export interface PreflightCause {
  code: ErrorCode;
  exitCode: TargetUnusableExit;
  /** What the on-call reads after the URL. */
  says: string;
  /** Statuses of the ping answer that mean this cause. */
  statuses?: readonly number[];
  /** Transport failure codes (exchange.error) that mean this cause. */
  errors?: RegExp;
  /** Any other answer that means this cause (tried after every status of the table). */
  answers?: (response: Answer) => boolean;
  /** It may be gone on the next try (a reset, a timeout, a 5xx): confirmed before it stops the run. */
  passing?: true;
}

/** Node's and OpenSSL's codes of a failed TLS handshake or certificate. */
const TLS_ERRORS = [
  'EPROTO',
  'ERR_SSL_.*',
  'ERR_TLS_.*',
  'CERT_.*',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_.*',
  'ERR_OSSL_.*',
];

const SERVER_ERRORS = Array.from({ length: 100 }, (_, i) => 500 + i);

/** The ping object of 2.1: a JSON object with `ok` and `environment` (their types are PING-SCHEMA's to judge). */
export function isPingObject(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && 'ok' in json && 'environment' in json;
}

export const PREFLIGHT_CAUSES: readonly PreflightCause[] = [
  { code: 'E_TARGET_KEY_REFUSED', exitCode: 5, says: 'the target refused our key', statuses: [401, 403] },
  {
    code: 'E_TARGET_HOST_UNKNOWN',
    exitCode: 4,
    says: 'the host name does not resolve',
    errors: /^(ENOTFOUND|EAI_AGAIN|EAI_NODATA|EAI_NONAME|EAI_FAIL)$/,
    passing: true,
  },
  {
    code: 'E_TARGET_NOT_LISTENING',
    exitCode: 4,
    says: 'nothing accepts connections there',
    errors: /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/,
    passing: true,
  },
  {
    code: 'E_TARGET_TLS',
    exitCode: 4,
    says: 'the TLS handshake failed',
    errors: new RegExp(`^(${TLS_ERRORS.join('|')})$`),
  },
  // 407 can only come from a proxy; a refused CONNECT never reaches the target.
  {
    code: 'E_TARGET_PROXY_REFUSED',
    exitCode: 4,
    says: 'the proxy refused to carry the request',
    statuses: [407],
    errors: /^PROXY_REFUSED_\d+$/,
  },
  // The client marks a failure to reach the proxy itself (harness/client/proxy-route.ts).
  {
    code: 'E_PROXY_UNREACHABLE',
    exitCode: 4,
    says: 'the proxy cannot be reached',
    errors: /^PROXY_UNREACHABLE_/,
    passing: true,
  },
  {
    code: 'E_TARGET_CONNECT_TIMEOUT',
    exitCode: 4,
    says: 'no connection within the request timeout',
    errors: /^(UND_ERR_CONNECT_TIMEOUT|ETIMEDOUT)$/,
    passing: true,
  },
  // Only before any answer began (causeOfFailure): a reset mid-body is the target's own failure.
  {
    code: 'E_TARGET_RESET',
    exitCode: 4,
    says: 'the connection was closed or reset before any answer',
    errors: /^(ECONNRESET|UND_ERR_SOCKET|EPIPE)$/,
    passing: true,
  },
  {
    code: 'E_TARGET_PATH_NOT_FOUND',
    exitCode: 8,
    says: 'nothing answers the ping under this base URL: its path prefix is probably wrong',
    statuses: [404],
  },
  {
    code: 'E_TARGET_UNHEALTHY',
    exitCode: 9,
    says: 'the target answers with a server error, and again after a pause',
    statuses: SERVER_ERRORS,
    passing: true,
  },
  // The contract lists 429 for ping: the target is there and limiting us, which the checks can judge.
  {
    code: 'E_TARGET_NOT_THE_API',
    exitCode: 8,
    says: 'the answer is not the ping object: this is not the API as configured',
    answers: (res) => res.status !== 429 && !(res.status >= 200 && res.status < 300 && isPingObject(res.json)),
  },
];

/**
 * The transport cause of an exchange that got no answer at all; undefined once an answer began (the checks judge it).
 */
export function causeOfFailure(
  exchange: Pick<Exchange, 'response' | 'error' | 'answerBegan'>,
): PreflightCause | undefined {
  if (exchange.response !== undefined || exchange.error === undefined || exchange.answerBegan) return undefined;
  return PREFLIGHT_CAUSES.find((c) => c.errors?.test(exchange.error!));
}

/** The cause a ping's exchange shows, or undefined when the run may go on (the checks judge the rest). */
export function causeOf(exchange: Pick<Exchange, 'response' | 'error' | 'answerBegan'>): PreflightCause | undefined {
  const response = exchange.response;
  if (!response) return causeOfFailure(exchange);
  return (
    PREFLIGHT_CAUSES.find((c) => c.statuses?.includes(response.status)) ??
    PREFLIGHT_CAUSES.find((c) => c.answers?.(response))
  );
}

/** One ping of the preflight, kept in the run's reports. */
interface PingRecord {
  role: string;
  status?: number;
  error?: string;
  /** The target's X-Request-Id of the answer, when it sent one. */
  requestId?: string;
}

/** What the preflight saw: the first ping (its URL and role) and every ping it sent. */
export interface PreflightRecord extends PingRecord {
  url: string;
  /** Every ping, the confirmations included: each counts against the run profile's cap. */
  pings: PingRecord[];
  /** Pings that confirmed a failure: they count against the run's confirmation budget too. */
  confirmations: number;
}

/** The preflight stopped the run: its cause, and how many pings showed it (the whole window, or less). */
export class PreflightUnusable extends TargetUnusable {
  constructor(
    code: ErrorCode,
    message: string,
    exit: TargetUnusableExit,
    /** Pings that showed the cause. */
    readonly attempts: number,
    /** They were the whole window: the cause is confirmed (false: the budget ended the window). */
    readonly confirmed: boolean,
  ) {
    super(code, message, exit);
  }
}

/** Key roles whose keys belong to another interface, which has no ping. */
const NO_PING_ROLES: Readonly<Record<string, string>> = {
  medicare: 'a key of the Medicare contact interface (4.17), which has no ping',
};

/**
 * The key roles the preflight proves, first the one the run's utility checks send with. A run
 * profile with a request cap (smoke) proves the keys its families send with by default
 * (FAMILY_KEYS; `approved` in smoke) and keeps the rest of its budget for its checks; any other
 * proves every key of the profile the /v1 API takes.
 */
export function preflightRoles(
  profile: Pick<TargetProfile, 'keys'>,
  name: RunProfile,
  families: readonly Family[],
  has: (role: string) => boolean,
): string[] {
  const carriers = ['utility', ...families].map((f) => familyKeyRole(f, name, has));
  const declared = runProfile(name).requestCap === undefined ? Object.keys(profile.keys) : [];
  return [...new Set([...carriers, 'approved', ...declared])].filter((r) => has(r) && !Object.hasOwn(NO_PING_ROLES, r));
}

export interface PreflightInput {
  profile: TargetProfile;
  runProfile: RunProfile;
  families: readonly Family[];
  runId: string;
  /** The run's journal: the pings are exchanges of the run. */
  journal?: string;
  /** The run's keys, resolved once (engine/execute.ts). */
  keys?: KeyRing;
  /** The run's overall deadline (ms since the epoch): no ping or pause outlasts it (RunDeadlinePassed). */
  deadlineAt?: number;
  /** Names each exchange by its operation (`GET /v1/ping`), as the checks' are. */
  operationOf?: (method: string, path: string) => string | undefined;
}

/** The preflight's confirmation in a run profile that confirms nothing: once more, 2 s later, uncounted. */
export const PREFLIGHT_CONFIRM: ConfirmBudget = { attempts: 2, pauseMs: 2_000, requests: Number.POSITIVE_INFINITY };

/** The run's confirmation of a failed ping (one attempt when the target profile turned it off). */
function preflightConfirmOf(name: RunProfile, profile: TargetProfile): ConfirmBudget {
  if (!runProfile(name).confirm) return PREFLIGHT_CONFIRM;
  return confirmBudgetOf(name, profile) ?? { attempts: 1, pauseMs: 0, requests: 0 };
}

/** Retry-After is waited when it asks more than the pause, up to this. */
const MAX_RETRY_AFTER_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function pingRecord(role: string, exchange: Exchange): PingRecord {
  const requestId = exchange.response?.headers['x-request-id'];
  return {
    role,
    ...(exchange.response ? { status: exchange.response.status } : {}),
    ...(exchange.error ? { error: exchange.error } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/**
 * What the ping got, in a few words: `200 text/html: "<!doctype html>…"`, `302 to /login`, `no response: ECONNREFUSED`.
 */
function seen(exchange: Exchange): string {
  const res = exchange.response;
  if (!res) return `no response: ${exchange.error}`;
  if (res.status >= 300 && res.status < 400) return `${res.status} to ${res.headers.location ?? '(no location)'}`;
  if (res.status < 200 || res.status >= 300 || res.json !== undefined) return `${res.status}`;
  const text = res.body.replace(/\s+/g, ' ').trim();
  const type = res.headers['content-type'] ?? 'no content type';
  return `${res.status} ${type}: ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)}`;
}

/** `the proxy http://proxy:3128 (HTTP_PROXY)`, for a failure to reach it. */
function proxyNote(cause: PreflightCause, url: string, env: NodeJS.ProcessEnv): string {
  if (cause.code !== 'E_PROXY_UNREACHABLE' && cause.code !== 'E_TARGET_PROXY_REFUSED') return '';
  const route = proxyFor(url, env);
  return route ? ` (the proxy ${publicUrl(route.url)}, named by ${route.variable})` : '';
}

/**
 * Every key role the run will use, pinged once; throws TargetUnusable (exit 4, 5, 8 or 9) when the target cannot be
 * tested.
 */
export async function preflight(
  input: PreflightInput,
  env: NodeJS.ProcessEnv = process.env,
  pause: (ms: number) => Promise<void> = sleep,
): Promise<PreflightRecord> {
  const { profile } = input;
  const client = createClient({
    profile,
    runId: input.runId,
    readOnly: true,
    env,
    ...(input.keys ? { keys: input.keys } : {}),
    ...(input.journal !== undefined ? { journal: input.journal } : {}),
    ...(input.operationOf ? { operationOf: input.operationOf } : {}),
  });
  const pings: PingRecord[] = [];
  const timeoutMs = profile.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const confirm = preflightConfirmOf(input.runProfile, profile);
  let confirmations = 0;
  const ping = async (role: string) => {
    const exchange = await client.send({
      method: 'GET',
      path: '/v1/ping',
      role,
      label: `preflight: ${role} key`,
      source: { check: 'preflight' },
      timeoutMs: timeoutWithin(input.deadlineAt, timeoutMs),
    });
    pings.push(pingRecord(role, exchange));
    // A ping cut short by the run's deadline tells nothing of the target: the run stopped.
    checkDeadline(input.deadlineAt);
    return exchange;
  };
  /** A ping, tried again a pause apart while it fails for a cause that may pass, within the run's confirmation. */
  const confirmedPing = async (role: string) => {
    let exchange = await ping(role);
    let attempts = 1;
    while (causeOf(exchange)?.passing && attempts < confirm.attempts && confirmations < confirm.requests) {
      const asked = retryAfterMs(exchange.response?.headers['retry-after']);
      await pause(timeoutWithin(input.deadlineAt, Math.max(confirm.pauseMs, Math.min(asked ?? 0, MAX_RETRY_AFTER_MS))));
      confirmations += 1;
      attempts += 1;
      exchange = await ping(role);
    }
    return { exchange, attempts };
  };
  const stop = (role: string, url: string, seenAs: { exchange: Exchange; attempts: number }, cause: PreflightCause) =>
    new PreflightUnusable(
      cause.code,
      `preflight GET ${url} with the ${role} key: ${seen(seenAs.exchange)}: ${cause.says}` +
        `${proxyNote(cause, url, env)}${windowNote(seenAs.attempts, confirm)}; no check was run`,
      cause.exitCode,
      seenAs.attempts,
      seenAs.attempts >= confirm.attempts,
    );
  try {
    const [first, ...others] = preflightRoles(profile, input.runProfile, input.families, (r) => client.hasRole(r));
    const firstPing = await confirmedPing(first!);
    const { exchange } = firstPing;
    const url = publicUrl(exchange.request.url);
    const cause = causeOf(exchange);
    if (cause && cause.code !== 'E_TARGET_KEY_REFUSED') throw stop(first!, url, firstPing, cause);
    const refused = cause ? [{ role: first!, exchange }] : [];
    for (const role of others) {
      const other = await confirmedPing(role);
      const otherCause = causeOf(other.exchange);
      if (otherCause?.code === 'E_TARGET_KEY_REFUSED') refused.push({ role, exchange: other.exchange });
      else if (otherCause?.exitCode === 4) throw stop(role, url, other, otherCause);
    }
    if (refused.length > 0) throw keyRefused(url, refused, profile);
    return { url, ...pingRecord(first!, exchange), pings, confirmations };
  } finally {
    await client.close();
  }
}

/** ` (3 attempts, 5 s apart)` after a cause that was confirmed; nothing after a single ping. */
function windowNote(attempts: number, confirm: ConfirmBudget): string {
  return attempts > 1 ? ` (${attempts} attempts, ${confirm.pauseMs / 1000} s apart)` : '';
}

/** Exit 5, naming every role whose key the target refused and the variable that holds it. */
function keyRefused(url: string, refused: Array<{ role: string; exchange: Exchange }>, profile: TargetProfile) {
  const roles = refused.map((r) => r.role);
  const named = refused.map((r) => `role ${r.role} (variable ${profile.keys[r.role]?.env ?? '?'})`);
  return new TargetUnusable(
    'E_TARGET_KEY_REFUSED',
    `preflight GET ${url} with the ${roles.join(', ')} ` +
      `key${roles.length > 1 ? 's' : ''}: ${refused.map((r) => seen(r.exchange)).join(', ')}: the target ` +
      `refused our key of ${named.join(', ')}; no check was run`,
    5,
  );
}
