/** A TargetContext without network for the suite API's tests: the client answers from a function. */
import { sendConcurrently, type ApiRequest, type Client } from '../client/index.js';
import type { Exchange } from '../model.js';
import type { RunConfig } from '../run-config.js';
import { isWritable, type TargetContext } from '../target.js';
import { ruleCatalogue } from './catalogue.js';
import type { PollDeps } from './poll.js';

export function runConfigFor(
  overrides: Partial<RunConfig> = {},
  profile: Partial<RunConfig['profile']> = {},
): RunConfig {
  return {
    runId: 'run1',
    runProfile: 'conformance',
    profile: {
      name: 'fake',
      baseUrl: 'http://127.0.0.1:9',
      asyncTimeoutMs: 1_000,
      keys: { approved: { env: 'K_APPROVED', tier: 'high' }, unapproved: { env: 'K_UNAPPROVED', tier: 'high' } },
      fixtures: { zipCode: '30301', state: 'GA' },
      ...profile,
    },
    specSource: 'specs/partner-api.yaml',
    families: ['utility'],
    seed: 42,
    runs: 20,
    strict: false,
    reportDir: 'reports/out/test',
    embedded: true,
    command: 'npx partner-conformance run',
    ...overrides,
  };
}

export function answer(req: ApiRequest, status: number, body: unknown = {}): Exchange {
  const text = JSON.stringify(body);
  return {
    request: { method: req.method, url: `http://127.0.0.1:9${req.path}`, headers: {} },
    response: { status, headers: { 'content-type': 'application/json' }, body: text, json: body },
    durationMs: 1,
    role: req.role ?? undefined,
  };
}

export interface FakeTarget extends TargetContext {
  sent: ApiRequest[];
}

/**
 * `respond` plays the target; roles present are `approved` (and whatever `roles` lists); each
 * pair in `sameKey` names two roles that hold one key.
 */
export function fakeTarget(
  respond: (req: ApiRequest) => Exchange | Error,
  config: RunConfig = runConfigFor(),
  roles = ['approved'],
  sameKey: ReadonlyArray<readonly [string, string]> = [],
): FakeTarget {
  const sent: ApiRequest[] = [];
  let n = 0;
  const client: Client = {
    async send(req) {
      const out = respond(req);
      if (out instanceof Error) throw out;
      sent.push(req);
      return out;
    },
    sendConcurrently: (reqs) => sendConcurrently((r) => client.send(r), reqs),
    hasRole: (role) => roles.includes(role),
    distinctKeys: (r) =>
      !r.some((role, i) =>
        r.some((other, j) => j > i && sameKey.some((pair) => pair.includes(role) && pair.includes(other))),
      ),
    newIdempotencyKey: (label) => `${config.runId}-${label ?? 'k'}-${++n}`,
    exchanges: () => [],
    requestCount: () => sent.length,
    requestsLeft: () => undefined,
    close: async () => {},
  };
  const fixture = (name: string) => config.profile.fixtures[name];
  const hasRole = (role: string) => client.hasRole(role);
  const writable = isWritable(config);
  return {
    sent,
    config,
    contract: undefined as never,
    validateResponse: () => ({ kind: 'valid' }),
    operationOf: () => undefined,
    documented: () => undefined,
    rules: ruleCatalogue(),
    client,
    fixture,
    hasRole,
    writable,
    capabilities: {
      hasRole,
      sharedWith: (role) =>
        sameKey.filter((pair) => pair.includes(role)).flatMap((pair) => pair.filter((other) => other !== role)),
      hasFixture: (n) => fixture(n) !== undefined,
      distinctKeys: (r) => client.distinctKeys(r),
      writable,
      sends: () => writable,
      embedded: config.embedded,
      webhookReceiver: config.webhookInboxUrl !== undefined,
      stageBurst: false,
      otherTier: false,
    },
    known: () => ({}),
  };
}

/** A clock that advances only when something sleeps on it; `slept` lists each sleep. */
export function fakeClock(): PollDeps & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}
