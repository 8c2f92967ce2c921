/**
 * The request pipeline, in the contract's edge order: route (404), key (403), rate limits
 * (429), body size (413), media type (415), JSON (400), approval gate (403), idempotency
 * (section 8), then the route handler. Every failure is a value; nothing here throws.
 */
import type { Account, Route, RouteContext, RouteResult } from '../types.js';
import { accountForKey, accountForRole } from './accounts.js';
import { decodeBody, type BodyType } from './body.js';
import { CORE_CHECKED, CORE_FAULTS as F, CORE_VARIANTS, GATE_IGNORED } from './faults.js';
import { fingerprint, type IdempotencyEntry, type IdempotencyStore, type StoredResponse } from './idempotency.js';
import {
  FAIL_5XX_EXTERNAL_ID_PREFIX,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_BODY_BYTES,
  SHORT_LEASE_MS,
  SHORT_RETENTION_MS,
  SLOW_DELAY_MS,
  SLOW_EXTERNAL_ID_PREFIX,
} from './limits.js';
import type { RateLimiter } from './rate-limit.js';
import { errorIn, inOtherShape, unifiedError } from './respond.js';
import type { Broken } from './route-breaks.js';
import type { Router } from './router.js';
import type { IsOn } from './switch.js';

export interface Incoming {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Header names as the request wrote them, in order (`headers` has them lower-cased). */
  rawHeaderNames?: readonly string[];
  raw: Buffer;
  /** The body went over the size limit (its bytes were dropped). */
  tooLarge: boolean;
  requestId: string;
}

export interface PipelineDeps {
  router: Router;
  limiter: RateLimiter;
  store: IdempotencyStore;
  now(): Date;
  nextId(prefix: string): string;
  on: IsOn;
  /** What the fault generated for one route breaks there (route-breaks.ts). */
  broken: Broken;
  sleep(ms: number): Promise<void>;
}

/** The methods whose requests carry a body the core decodes. */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);
/** Routes that take uploads accept multipart too, even when the module does not say so. */
export const DEFAULT_BODY_TYPES = (route: Pick<Route, 'bodyTypes' | 'pattern'>): BodyType[] =>
  route.bodyTypes ?? (route.pattern.endsWith('/supporting_documentation') ? ['json', 'multipart'] : ['json']);

interface IdempotencyClaim {
  scope: string;
  key: string;
  print: string;
  owner: string;
}

/** The scope of an account's keys: its own, or every account's under the faults that share them. */
function scopeOf(deps: PipelineDeps, route: Route, account: Account): string {
  const shared =
    deps.on(F.idempotencyNotScopedByKey) || (route.family === 'enrollments' && deps.on(F.enrollmentKeysAcrossAccounts));
  return shared ? '*' : account.id;
}

const isReplay = (res: RouteResult): boolean => res.headers?.['Idempotent-Replay'] === 'true';

export async function runPipeline(deps: PipelineDeps, req: Incoming): Promise<RouteResult> {
  const match = deps.router.match(req.method, req.path);
  if (!match && deps.on(F.unknownRoute403)) return unifiedError(403, 'forbidden', 'Forbidden.');
  if (!match) {
    const allowed = deps.on(CORE_VARIANTS.otherMethod405) ? deps.router.methodsAt(req.path) : [];
    if (allowed.length)
      return {
        ...unifiedError(
          405,
          'method_not_allowed',
          `${req.method} is not a method of ${truncate(req.path)}; it takes ${allowed.join(', ')}.`,
        ),
        headers: { Allow: allowed.join(', ') },
      };
  }
  if (!match)
    return unifiedError(
      404,
      'not_found',
      `No route for ${req.method} ${truncate(req.path)}. Check the method and path against the API reference.`,
    );
  const { route, params } = match;

  const account = authenticate(deps, route, keyOf(deps, route, req));
  if (!account)
    return unifiedError(
      403,
      'forbidden',
      'Missing or invalid API key. Send the key issued at onboarding in the x-api-key header.',
    );
  if (!interfaceTakes(route, account))
    return unifiedError(403, 'forbidden', 'This key is not authorized for the Medicare contact API.');

  const refusal = deps.limiter.take(account, deps.now().getTime());
  if (refusal) {
    // Edge-generated, so no details (the provider's document: edge errors omit them).
    const limited = unifiedError(
      429,
      'rate_limited',
      `Rate limit exceeded (${refusal.scope === 'key' ? 'per-key tier' : 'shared stage'} limit ` +
        `of ${refusal.limit.rate}/s, burst ${refusal.limit.burst}). Retry after ${refusal.retryAfter} s.`,
    );
    limited.headers = { 'Retry-After': String(refusal.retryAfter) };
    if (deps.on(F.idempotencyStores429)) storeLimited(deps, route, account, req, limited);
    return limited;
  }

  if (req.tooLarge && !deps.on(F.bodySizeUnlimited) && !deps.broken('bodySize', route)) {
    return unifiedError(
      413,
      'payload_too_large',
      `The request body exceeds the ${MAX_BODY_BYTES} byte limit of this server.`,
    );
  }

  let body: unknown;
  if (BODY_METHODS.has(req.method)) {
    const decoded = decodeBody(
      req.raw,
      req.headers['content-type'],
      DEFAULT_BODY_TYPES(route),
      lenientMediaType(deps, route) || deps.broken('mediaType', route),
    );
    if (!decoded.ok && decoded.kind === 'unsupported_media_type') {
      if (route.mediaTypeRefusal === 400)
        return errorIn(route.errorShape, 400, 'invalid_request', decoded.message, 'Content-Type');
      return unifiedError(415, 'unsupported_media_type', decoded.message);
    }
    if (!decoded.ok) {
      if (deps.on(F.malformedJson500)) return unifiedError(500, 'internal_error', 'Unexpected token in JSON.');
      if (deps.broken('malformedJson', route))
        return errorIn(route.errorShape, 422, 'unprocessable_entity', decoded.message);
      const shape = deps.on(F.enrollmentsInvalidJsonUnified) ? 'unified' : route.errorShape;
      return errorIn(shape, 400, 'invalid_request', decoded.message);
    }
    body = decoded.body;
  }

  if (
    route.gate &&
    !account.approvals.includes(route.gate) &&
    !deps.on(GATE_IGNORED[route.gate]) &&
    !deps.broken('gate', route)
  ) {
    return unifiedError(
      403,
      'forbidden',
      `This account is not approved for ${route.gate.replace('_', ' ')}. Ask your account manager for access.`,
    );
  }
  if (!route.gate && account.approvals.length === 0 && deps.broken('ungated', route))
    return unifiedError(403, 'forbidden', 'This account is not approved for this endpoint.');

  const served = await serve(deps, route, params, req, body, account);
  return deps.broken('envelope', route) ? inOtherShape(route.errorShape, served) : served;
}

/** Past the edge and the gate: idempotency (section 8), then the route's handler. */
async function serve(
  deps: PipelineDeps,
  route: Route,
  params: Record<string, string>,
  req: Incoming,
  body: unknown,
  account: Account,
): Promise<RouteResult> {
  const ctx: RouteContext = {
    method: req.method,
    path: req.path,
    params,
    query: req.query,
    headers: req.headers,
    body,
    raw: req.raw,
    account,
    now: deps.now,
    nextId: deps.nextId,
    on: deps.on,
  };
  let claim: IdempotencyClaim | undefined;
  if (route.idempotency) {
    const outcome = claimIdempotency(deps, route, account, req);
    if ('status' in outcome) return route.replayed && isReplay(outcome) ? route.replayed(outcome, ctx) : outcome;
    claim = outcome.claim;
  }
  const result = await handle(deps, route, ctx);
  result.headers = { ...result.headers, 'X-Request-Id': result.headers?.['X-Request-Id'] ?? req.requestId };
  if (claim) settle(deps, claim, result);
  return result;
}

/** The Medicare interface takes only keys with Medicare access; every other interface takes any valid key. */
export const interfaceTakes = (route: Route, account: Account): boolean =>
  route.family !== 'medicare' || !!account.medicare;

/**
 * The key: `x-api-key` (Medicare's `X-API-Key` is the same header), or the fault's `Authorization` on Medicare routes.
 */
function keyOf(deps: PipelineDeps, route: Route, req: Incoming): string | undefined {
  const { headers } = req;
  if (route.family === 'medicare' && deps.on(CORE_CHECKED.medicareKeyFromAuthorization))
    return headers.authorization?.replace(/^Bearer\s+/i, '');
  // The fault reads the /v1 key only under the name written as the contract writes it.
  const named = route.family === 'medicare' || !deps.on(F.keyHeaderCaseSensitive);
  return named || req.rawHeaderNames?.includes('x-api-key') ? headers['x-api-key'] : undefined;
}

/** Any media type is read as JSON: everywhere under one fault, on uploads only under another. */
function lenientMediaType(deps: PipelineDeps, route: Route): boolean {
  return (
    deps.on(F.contentTypeIgnored) ||
    (DEFAULT_BODY_TYPES(route).includes('multipart') && deps.on(CORE_CHECKED.docsContentTypeIgnored))
  );
}

function authenticate(deps: PipelineDeps, route: Route, key: string | undefined): Account | undefined {
  const account = accountForKey(key);
  if (account) return account;
  const served =
    key === undefined
      ? deps.broken('keyless', route)
      : deps.on(F.invalidKeyAccepted) || deps.broken('invalidKey', route);
  return served ? accountForRole('approved') : undefined;
}

async function handle(deps: PipelineDeps, route: Route, ctx: RouteContext): Promise<RouteResult> {
  try {
    const externalId = route.idempotency ? externalIdOf(ctx.body) : undefined;
    if (externalId?.startsWith(SLOW_EXTERNAL_ID_PREFIX)) await deps.sleep(SLOW_DELAY_MS);
    if (externalId?.startsWith(FAIL_5XX_EXTERNAL_ID_PREFIX)) {
      return errorIn(
        route.errorShape,
        500,
        'internal_error',
        'Simulated server failure for this external_id. A retry needs a fresh Idempotency-Key.',
      );
    }
    const result = await route.handler(ctx);
    return { ...result };
  } catch {
    return unifiedError(
      500,
      'internal_error',
      'The server failed to handle the request. Retry later or contact support with the X-Request-Id.',
    );
  }
}

function claimIdempotency(
  deps: PipelineDeps,
  route: Route,
  account: Account,
  req: Incoming,
): RouteResult | { claim?: IdempotencyClaim } {
  const key = req.headers['idempotency-key'];
  const shape = route.errorShape;
  if (key === undefined) {
    if (route.idempotency === 'required' && !deps.on(F.idempotencyKeyRequiredIgnored)) {
      return errorIn(
        shape,
        400,
        'idempotency_key_required',
        'The Idempotency-Key header is required on this operation.',
      );
    }
    return {};
  }
  const tooLong = deps.on(F.idempotencyKeyMax128) && key.length > 128;
  const tooShort = deps.on(F.idempotencyKeyShortRefused) && key.length < 8;
  if (tooLong || tooShort || (!IDEMPOTENCY_KEY_PATTERN.test(key) && !deps.on(F.idempotencyKeyFormatUnchecked))) {
    return errorIn(
      shape,
      400,
      'idempotency_key_invalid',
      'Idempotency-Key must be 1 to 255 characters of A-Z a-z 0-9 - _.',
    );
  }
  const scope = scopeOf(deps, route, account);
  const print = fingerprint(req.method, req.path, req.raw);
  // The fault stores and looks up keys lower-cased.
  const stored = deps.on(F.idempotencyKeyCaseInsensitive) ? key.toLowerCase() : key;
  const entry = liveEntry(deps, route, scope, stored);
  if (entry) {
    if (entry.fingerprint !== print && !deps.on(F.idempotencyMismatchIgnored)) {
      return errorIn(
        shape,
        422,
        'idempotency_mismatch',
        'This Idempotency-Key was used with a different request body. Use a new key for a new request.',
      );
    }
    // The fault hands another account the stored answer as if it were its own: no replay flag.
    if (entry.state === 'done' && entry.response)
      return replay(entry.response, !(deps.on(F.enrollmentKeysAcrossAccounts) && entry.owner !== account.id));
    if (!deps.on(F.idempotencyInProgressIgnored)) {
      return errorIn(
        shape,
        409,
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still in progress. Retry after it completes.',
      );
    }
  }
  deps.store.begin(scope, stored, print);
  return { claim: { scope, key: stored, print, owner: account.id } };
}

/**
 * The key's entry as the store holds it; under the faults of create enrollment, one whose
 * in-flight hold has lapsed (`idempotencyLeaseShort`) or that is older than the fault keeps it
 * (`idempotencyRetentionShort`) is gone.
 */
function liveEntry(deps: PipelineDeps, route: Route, scope: string, key: string): IdempotencyEntry | undefined {
  const entry = deps.store.get(scope, key);
  if (route.family !== 'enrollments') return entry;
  const age = entry === undefined ? 0 : deps.now().getTime() - entry.since;
  if (entry?.state === 'in_flight' && deps.on(F.idempotencyLeaseShort) && age > SHORT_LEASE_MS) return undefined;
  if (entry?.state === 'done' && deps.on(F.idempotencyRetentionShort) && age > SHORT_RETENTION_MS) return undefined;
  return entry;
}

function settle(deps: PipelineDeps, claim: IdempotencyClaim, result: RouteResult): void {
  const unstored =
    (result.status === 429 && !deps.on(F.idempotencyStores429)) ||
    (result.status >= 500 && deps.on(F.idempotency5xxNotStored));
  if (unstored) deps.store.abandon(claim.scope, claim.key);
  else deps.store.complete(claim.scope, claim.key, claim.print, toStored(result), claim.owner);
}

/** Fault path only: remember a 429 under the request's key as if it were a real response. */
function storeLimited(deps: PipelineDeps, route: Route, account: Account, req: Incoming, limited: RouteResult): void {
  const key = req.headers['idempotency-key'];
  if (!route.idempotency || key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) return;
  limited.headers = { ...limited.headers, 'X-Request-Id': req.requestId };
  deps.store.complete(
    scopeOf(deps, route, account),
    key,
    fingerprint(req.method, req.path, req.raw),
    toStored(limited),
    account.id,
  );
}

function toStored(result: RouteResult): StoredResponse {
  return {
    status: result.status,
    headers: { ...result.headers },
    bodyText: result.body === undefined ? undefined : JSON.stringify(result.body),
  };
}

function replay(stored: StoredResponse, flagged = true): RouteResult {
  return {
    status: stored.status,
    headers: flagged ? { ...stored.headers, 'Idempotent-Replay': 'true' } : { ...stored.headers },
    body: stored.bodyText === undefined ? undefined : JSON.parse(stored.bodyText),
  };
}

function externalIdOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const id = (body as Record<string, unknown>).external_id;
  return typeof id === 'string' ? id : undefined;
}

function truncate(s: string): string {
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
}
