/**
 * The suite's one HTTP stack: an undici Agent composed with the client's interceptors.
 * Order of a request (outermost first): read-only guard, request cap, recorder, pacing,
 * deadline, network (proxies from the environment, the profile's CA: network.ts). So a refused request is neither sent,
 * counted nor recorded, a budget
 * timeout is recorded, and the deadline starts when the request leaves the rate budget.
 */
import type { Dispatcher } from 'undici';
import { sendConcurrently } from './race.js';
import type { Exchange } from '../model.js';
import type { ClientDispatchOptions } from './dispatch-options.js';
import { DiscardHandler } from './forwarding-handler.js';
import { BUDGET_TIMEOUT } from './errors.js';
import { newIdempotencyKey } from './idempotency.js';
import { JournalWriter } from './journal.js';
import { deadline } from './interceptors/deadline.js';
import { pacing } from './interceptors/pacing.js';
import { readOnlyGuard } from './interceptors/read-only.js';
import { recorder } from './interceptors/record.js';
import { requestCap, type CapCount } from './interceptors/request-cap.js';
import { KeyRing, profileHeaders, type ResolvedKey } from './keys.js';
import { userAgent } from '../tool-version.js';
import { networkAgent } from './network.js';
import { sharedBudgets, type BudgetRef } from './rate-budget.js';
import { headersInCase, KEY_HEADER, requestTarget } from './request-target.js';
import type { ApiRequest, Client, ClientOptions } from './types.js';

/** A request's timeout when the profile names none (`requestTimeoutMs`). */
export const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * A token wait is not a request timeout: at tier low a queue of a few requests waits seconds
 * before the first byte leaves, and that is pacing working, not the target being slow.
 */
const DEFAULT_BUDGET_WAIT_MS = 60_000;

/** Requests without a real key get budgets of their own: a target meters them apart from any key. */
const NO_KEY: BudgetRef = { bucket: '(no key)', tier: 'high' };
const INVALID_KEY: BudgetRef = { bucket: '(invalid key)', tier: 'high' };

function encodeBody(req: ApiRequest): { body?: string | Uint8Array; contentType?: string } {
  if (req.json !== undefined)
    return { body: JSON.stringify(req.json), contentType: req.contentType ?? 'application/json' };
  return { body: req.body, contentType: req.contentType };
}

/** The path prefixes of the profile's base URLs (`/partner-api`, or empty). */
function basePaths(profile: ClientOptions['profile']): string[] {
  const urls = [profile.baseUrl, profile.legacyBaseUrl, profile.medicareBaseUrl].filter((u): u is string => !!u);
  return [...new Set(urls.map((u) => new URL(u).pathname.replace(/\/+$/, '')))];
}

export function createClient(options: ClientOptions): Client {
  const { profile, runId } = options;
  const keys = options.keys ?? new KeyRing(profile.keys, options.env ?? process.env);
  // The suite's name, version and run, then the profile's own headers (secrets, like keys);
  // a request's own headers come after them.
  const extraHeaders = profileHeaders(profile, options.env ?? process.env);
  const fixedHeaders = { 'user-agent': userAgent(runId), ...extraHeaders };
  const secrets = [...keys.secrets(), ...Object.values(extraHeaders)];
  const capCount: CapCount = { sent: 0 };
  const readOnly = options.readOnly === true || profile.readOnly === true;
  const defaultTimeout = profile.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agent = networkAgent({
    timeoutMs: defaultTimeout,
    caFile: profile.caFile,
    env: options.env,
    direct: options.direct,
  });
  const journal = options.journal !== undefined ? new JournalWriter(options.journal) : undefined;
  const interceptors = [
    deadline(),
    pacing({ budgets: options.budgets ?? sharedBudgets }),
    recorder({ secrets, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, journal }),
    options.requestCap ? requestCap(options.requestCap, capCount) : null,
    readOnly
      ? readOnlyGuard({
          sideEffectGets: options.sideEffectGets,
          allowedWrites: options.allowedWrites,
          basePaths: basePaths(profile),
        })
      : null,
  ].filter((i): i is Dispatcher.DispatcherComposeInterceptor => i !== null);
  const dispatcher = agent.compose(interceptors);

  // One slot per request in the order made; filled when its exchange ends.
  const slots: Array<Exchange | undefined> = [];
  const newKey = (label?: string) => newIdempotencyKey(runId, label);

  function keyHeaderValue(req: ApiRequest, key: ResolvedKey | undefined): string | undefined {
    if (req.invalidKey) return keys.invalidValue(key?.value);
    return key?.value;
  }

  function dispatchOptions(req: ApiRequest, onExchange: (e: Exchange) => void): ClientDispatchOptions {
    const role = req.role === undefined ? 'approved' : req.role;
    const key = role === null ? undefined : keys.resolve(role);
    const { origin, path } = requestTarget(profile, req);
    const { body, contentType } = encodeBody(req);
    const headers: Record<string, string> = { ...fixedHeaders, ...req.headers };
    const keyValue = keyHeaderValue(req, key);
    if (keyValue !== undefined) headers[KEY_HEADER[req.api ?? 'v1']] = keyValue;
    if (contentType !== undefined) headers['content-type'] = contentType;
    if (req.idempotencyKey !== undefined) {
      headers['Idempotency-Key'] = req.idempotencyKey === true ? newKey() : req.idempotencyKey;
    }
    const named = req.headerCase ? headersInCase(headers, req.headerCase) : headers;
    const timeoutMs = req.timeoutMs ?? defaultTimeout;
    const budget = req.invalidKey ? INVALID_KEY : key ? { bucket: keys.bucketOf(key.role), tier: key.tier } : NO_KEY;
    return {
      origin,
      path,
      method: req.method,
      headers: named,
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      deadlineMs: timeoutMs,
      pace: {
        ...budget,
        unpaced: req.unpaced,
        maxWaitMs: req.budgetWaitMs ?? DEFAULT_BUDGET_WAIT_MS,
        together: req.together,
      },
      record: {
        role: role ?? undefined,
        label: req.label,
        wrong: req.wrong,
        source: req.source,
        api: req.api ?? 'v1',
        operation: options.operationOf?.(req.method, req.path.split('?')[0] ?? req.path),
        onExchange,
      },
    };
  }

  function send(req: ApiRequest): Promise<Exchange> {
    return new Promise<Exchange>((resolve, reject) => {
      const slot = slots.push(undefined) - 1;
      try {
        const opts = dispatchOptions(req, (exchange) => {
          slots[slot] = exchange;
          resolve(exchange);
        });
        dispatcher.dispatch(opts, new DiscardHandler());
      } catch (err) {
        // Refused before sending (read-only, missing key role or variable): nothing to record.
        reject(err);
      }
    });
  }

  return {
    send,
    sendConcurrently: (reqs) => sendConcurrently(send, reqs),
    newIdempotencyKey: newKey,
    hasRole: (role) => keys.has(role),
    distinctKeys: (roles) => keys.distinct(roles),
    exchanges: () => slots.filter((e): e is Exchange => e !== undefined),
    requestCount: () => slots.filter((e) => e !== undefined && e.error !== BUDGET_TIMEOUT).length,
    requestsLeft: () => (options.requestCap ? Math.max(0, options.requestCap.max - capCount.sent) : undefined),
    close: async () => {
      await agent.close();
      journal?.close();
    },
  };
}
