/**
 * The probe kit: a small in-process harness for the route modules of enrollments/, legacy/ and
 * medicare/: it mounts modules on the core's router, switches one fault on, and calls handlers
 * with a RouteContext the way the core does (JSON bodies round-tripped, the fault's rewrite
 * applied last). Without a fault, every answer to a path of a contract document (the
 * provider's specs/provider/openapi.json and specs/partner-api.yaml for /v1, legacy-ichra.yaml,
 * medicare.yaml) is validated against it (status and body). Used by the unit tests; the
 * end-to-end tests go through reference/server.ts.
 */
import type { Account, RouteModule, RouteResult, ServerEnv } from '../types.js';
import { createRouter } from '../core/router.js';
import type { Switch } from '../core/switch.js';
import { conformanceProblems } from './validate.js';

const APPROVED: Account = {
  id: 'acct_approved',
  role: 'approved',
  tier: 'high',
  approvals: ['enrollment_sessions', 'policy_status', 'direct_enrollment'],
  oauthLinkHealthy: true,
  medicare: true,
};
export const OTHER: Account = { ...APPROVED, id: 'acct_other', role: 'tierHigh' };

/** A webhook receiver and the events it got (legacy/samples.ts `startReceiver`). */
export interface Inbox {
  url: string;
  events: ReadonlyArray<Record<string, any>>;
}

export interface KitOptions {
  modules: RouteModule[];
  fault?: Switch;
  clock?: () => Date;
  processingDelayMs?: number;
  webhookUrl?: string;
  /** Webhooks go here (in place of `webhookUrl`) and `Kit.webhooks` shows what arrived. */
  inbox?: Inbox;
  seed?: { enrollments?: number };
}

interface CallOptions {
  body?: unknown;
  account?: Account;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  body: any;
  headers: Record<string, string>;
}

export interface Kit {
  call(method: string, url: string, opts?: CallOptions): Promise<Reply>;
  env: ServerEnv;
  /** Webhook events the inbox received (empty without one). */
  webhooks: ReadonlyArray<Record<string, any>>;
  close(): void;
}

export function createKit(opts: KitOptions): Kit {
  const rewrite = opts.fault?.rewrite;
  const timers = new Set<NodeJS.Timeout>();
  let counter = 0;
  const on = (s: Switch): boolean => s === opts.fault;
  const webhookUrl = opts.inbox?.url ?? opts.webhookUrl;
  const env: ServerEnv = {
    now: opts.clock ?? (() => new Date()),
    nextId: (prefix) => `${prefix}_${String(++counter).padStart(6, '0')}`,
    on,
    processingDelayMs: opts.processingDelayMs ?? 5,
    later: (ms, fn) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(opts.seed ? { seed: opts.seed } : {}),
  };
  const router = createRouter(opts.modules.flatMap((m) => m(env)));

  async function call(method: string, url: string, c: CallOptions = {}): Promise<Reply> {
    const parsed = new URL(url, 'http://kit.local');
    const query = Object.fromEntries(parsed.searchParams);
    const match = router.match(method, parsed.pathname);
    let result: RouteResult;
    const headers = c.headers ?? {};
    if (!match) result = { status: 404, body: { error: { code: 'not_found', message: 'no route' } } };
    else {
      const body = c.body === undefined || isMultipart(c.body) ? c.body : JSON.parse(JSON.stringify(c.body));
      result = await match.route.handler({
        method,
        path: parsed.pathname,
        params: match.params,
        query,
        headers,
        body,
        raw: Buffer.alloc(0),
        account: c.account ?? APPROVED,
        now: env.now,
        nextId: env.nextId,
        on,
      });
    }
    if (rewrite) result = rewrite({ method, path: parsed.pathname, headers, query }, result);
    const body = result.body === undefined ? undefined : JSON.parse(JSON.stringify(result.body));
    if (!opts.fault) await conform(method, parsed.pathname, result.status, body);
    return { status: result.status, body, headers: result.headers ?? {} };
  }

  return {
    call,
    env,
    webhooks: opts.inbox?.events ?? [],
    close() {
      for (const t of timers) clearTimeout(t);
    },
  };
}

async function conform(method: string, path: string, status: number, body: unknown): Promise<void> {
  const problems = await conformanceProblems(method, path, status, body);
  if (problems.length) throw new Error(`response does not conform to the contract:\n${problems.join('\n')}`);
}

function isMultipart(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'files' in body && 'fields' in body;
}

/** Polls `probe` until it returns a value other than undefined, bounded in time. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 2_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
