/**
 * One reference server instance: its clock, ids, route table, rate limiter, idempotency store
 * and fault, and the node:http handler that reads a request, runs the pipeline and writes the
 * answer. State lives here, so two instances never share anything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ConfigError } from '../../harness/errors.js';
import { findFault, findVariant } from '../faults/index.js';
import { brokenBy } from '../faults/operations/index.js';
import { routeModules } from '../routes.js';
import type { RouteModule, RouteResult, ServerEnv } from '../types.js';
import { accountForRole } from './accounts.js';
import { CLOCK_BEHIND_MS, CORE_FAULTS as F, CORE_VARIANTS, tierLimitsOf } from './faults.js';
import { IdempotencyStore } from './idempotency.js';
import { createIdSource } from './ids.js';
import { DRAIN_LIMIT_BYTES, MAX_BODY_BYTES } from './limits.js';
import { runPipeline, type Incoming, type PipelineDeps } from './pipeline.js';
import { RateLimiter } from './rate-limit.js';
import { unifiedError } from './respond.js';
import { createRouter } from './router.js';
import type { Rewrite, Switch } from './switch.js';

export interface InstanceOptions {
  /** Name of the one fault to switch on (see `partner-conformance serve --list-faults`). */
  fault?: string;
  /** Names of variants to switch on, alone or beside the fault (see `serve --list-variants`). */
  variants?: readonly string[];
  /** Injectable clock (default: the system clock). */
  clock?: () => Date;
  /** Delay before asynchronous enrollment processing settles (ms; default 50). */
  processingDelayMs?: number;
  /** Receiver URL for the older ICHRA webhooks. */
  webhookUrl?: string;
  /** Data-set sizes for scale runs. */
  seed?: { enrollments?: number; providers?: number };
  /** Rate tier of the `approved` account, in place of the one in accounts.json (pacing runs per tier). */
  approvedTier?: 'low' | 'medium' | 'high';
  /** Route modules to mount (default: every family, reference/routes.ts). */
  modules?: RouteModule[];
}

export interface ReferenceInstance {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Answer a request Node could not parse (bad framing, oversized headers). */
  clientError(err: NodeJS.ErrnoException, socket: Socket): void;
  /** Cancel pending timers (asynchronous processing, slow fixtures). */
  close(): void;
  faults: string[];
  variants: string[];
}

export function createInstance(opts: InstanceOptions = {}): ReferenceInstance {
  const given = opts.clock ?? (() => new Date());
  const ids = createIdSource();
  const active = new Set<Switch>();
  const rewrites: Rewrite[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  // Variants rewrite first: they are the implementation's choices, a fault breaks what they answer.
  for (const name of new Set(opts.variants ?? [])) {
    const variant = findVariant(name);
    if (!variant) throw new ConfigError('E_VARIANT_UNKNOWN', `Unknown variant "${name}".`);
    active.add(variant);
    if (variant.rewrite) rewrites.push(variant.rewrite);
  }
  if (opts.fault !== undefined) {
    const fault = findFault(opts.fault);
    if (!fault) throw new ConfigError('E_FAULT_UNKNOWN', `Unknown fault "${opts.fault}".`);
    active.add(fault);
    if (fault.rewrite) rewrites.push(fault.rewrite);
  }
  const on = (s: Switch): boolean => active.has(s);
  const clock = on(CORE_VARIANTS.clockBehind) ? () => new Date(given().getTime() - CLOCK_BEHIND_MS) : given;

  const later = (ms: number, fn: () => void): void => {
    if (closed) return;
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const env: ServerEnv = {
    now: clock,
    nextId: ids.next,
    on,
    processingDelayMs: opts.processingDelayMs ?? 50,
    later,
    ...(opts.webhookUrl !== undefined ? { webhookUrl: opts.webhookUrl } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  };
  const routes = (opts.modules ?? routeModules).flatMap((m) => m(env));
  const deps: PipelineDeps = {
    router: createRouter(routes),
    limiter: new RateLimiter({
      ...(on(F.rateLimitTierIgnored) ? { tierOverride: 'high' as const } : {}),
      noStage: on(F.rateLimitStageIgnored),
      burstDelta: on(F.rateLimitBurstShort) ? -1 : 0,
      refillScale: on(F.rateLimitSlowRefill) ? 0.1 : 1,
      tierLimits: tierLimitsOf(on),
      ...(opts.approvedTier !== undefined
        ? { accountTiers: { [accountForRole('approved')!.id]: opts.approvedTier } }
        : {}),
    }),
    store: new IdempotencyStore(() => clock().getTime()),
    now: clock,
    nextId: ids.next,
    on,
    broken: brokenBy(on),
    sleep: (ms) => new Promise((resolve) => later(ms, resolve)),
  };

  function respond(res: ServerResponse, req: Incoming, result: RouteResult, closeAfter: boolean): void {
    let out: RouteResult = { ...result, headers: { ...result.headers } };
    out.headers!['X-Request-Id'] ??= req.requestId;
    // The server's own clock, as every HTTP answer shows it (RFC 9110, 6.6.1).
    out.headers!.Date ??= clock().toUTCString();
    if (out.body !== undefined && !hasHeader(out.headers!, 'content-type'))
      out.headers!['Content-Type'] = 'application/json; charset=utf-8';
    for (const rewrite of rewrites)
      out = rewrite({ method: req.method, path: req.path, headers: req.headers, query: req.query }, out);
    const payload = serialize(out);
    const headers: Record<string, string | number> = { ...out.headers, 'Content-Length': payload.length };
    if (closeAfter) headers.Connection = 'close';
    if (res.headersSent || res.destroyed) return;
    res.writeHead(out.status, headers);
    res.end(payload);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const incoming = describe(req, ids.next('req'), on(F.queryUnreservedLeftEncoded));
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (overflow: boolean): void => {
      if (settled) return;
      settled = true;
      incoming.tooLarge = size > MAX_BODY_BYTES;
      incoming.raw = incoming.tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks, size);
      runPipeline(deps, incoming)
        .catch(() => unifiedError(500, 'internal_error', 'The server failed to handle the request.'))
        .then((result) => respond(res, incoming, result, overflow))
        .catch(() => res.destroy());
      if (overflow) res.once('finish', () => req.destroy());
    };
    if (Number(req.headers['content-length']) > DRAIN_LIMIT_BYTES) {
      size = Number.MAX_SAFE_INTEGER;
      finish(true);
      return;
    }
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (chunks.length) chunks.length = 0;
      if (size > DRAIN_LIMIT_BYTES) {
        req.pause();
        finish(true);
      }
    });
    req.on('end', () => finish(false));
    req.on('error', () => res.destroy());
  }

  function clientError(err: NodeJS.ErrnoException, socket: Socket): void {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({
      error: {
        code: tooLarge ? 'headers_too_large' : 'invalid_request',
        message: tooLarge ? 'Request headers are too large.' : 'The request could not be parsed as HTTP/1.1.',
      },
    });
    socket.end(
      [
        `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${ids.next('req')}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }

  return {
    handle,
    clientError,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    faults: opts.fault !== undefined ? [opts.fault] : [],
    variants: [...new Set(opts.variants ?? [])],
  };
}

/** A percent-encoded unreserved character (RFC 3986, 2.3): `%41` is `A`. */
const ENCODED_UNRESERVED = /%(?=(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee]))/g;

/** The request as the pipeline reads it; `leftEncoded` (a fault) keeps `%41` in a query value as it came. */
function describe(req: IncomingMessage, requestId: string, leftEncoded = false): Incoming {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const query: Record<string, string> = {};
  const search = q >= 0 ? url.slice(q + 1) : '';
  if (q >= 0)
    for (const [k, v] of new URLSearchParams(leftEncoded ? search.replace(ENCODED_UNRESERVED, '%25') : search))
      query[k] = v;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  return {
    method: req.method ?? 'GET',
    path: q >= 0 ? url.slice(0, q) : url,
    query,
    headers,
    rawHeaderNames: req.rawHeaders.filter((_, i) => i % 2 === 0),
    raw: Buffer.alloc(0),
    tooLarge: false,
    requestId,
  };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}

/** JSON unless a fault set a non-JSON content type with a text body. */
function serialize(res: RouteResult): Buffer {
  if (res.body === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(res.body)) return res.body;
  const type = Object.entries(res.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  if (typeof res.body === 'string' && !type.includes('json')) return Buffer.from(res.body);
  return Buffer.from(JSON.stringify(res.body));
}
