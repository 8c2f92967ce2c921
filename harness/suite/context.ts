/**
 * What a check receives: the target, a `send` that keeps the check's own exchanges for its
 * finding, fixture and role lookups that skip the check when the profile lacks them, bounded
 * polling, and the check library bound to the check's rules.
 */
import { bindChecks, type BoundChecks } from '../checks/bound.js';
import type { CheckNote } from '../checks/note.js';
import { jsonOf } from '../checks/scope.js';
import { sendConcurrently, tierOfRole, type ApiRequest } from '../client/index.js';
import type { ConfigWarning } from '../errors.js';
import type { Exchange, ExchangeSource, PropertyRuns, Rule } from '../model.js';
import type { RunConfig } from '../run-config.js';
import type { FixtureValue, TargetContext } from '../target.js';
import { disagreementTable } from './disagreements.js';
import { familyKeyRole } from './family-keys.js';
import { limitedRetryWait, pacedLimited } from './limited-retry.js';
import { pollInterval, pollUntil, realClock, type PollDeps, type PollOptions } from './poll.js';
import { SkipCheck } from './skip.js';

export interface CheckContext {
  target: TargetContext;
  config: RunConfig;
  /** The rules this check verifies, from the catalogue. */
  rules: readonly Rule[];
  /** Sends one request (default role: `defaultRole`); the exchange joins this check's finding. */
  send(req: ApiRequest): Promise<Exchange>;
  /** Sends all at once (races); exchanges in input order. */
  sendConcurrently(reqs: ApiRequest[]): Promise<Exchange[]>;
  /** A profile fixture; skips the check (`needs fixture <name>`) when absent. */
  fixture<T extends FixtureValue = string>(name: string): T;
  /** The role name, for `send({ role })`; skips the check (`needs role <name>`) when absent. */
  role(name: string): string;
  /** A fresh `Idempotency-Key` with the run prefix. */
  idempotencyKey(label?: string): string;
  /**
   * Re-sends `req` until `until(exchange)` holds or the bound is reached (default the target's
   * asyncTimeoutMs, reads a tenth of it apart, at most MAX_POLL_ATTEMPTS); returns the last exchange.
   */
  poll(req: ApiRequest, until: (ex: Exchange) => boolean, opts?: PollOptions): Promise<Exchange>;
  /** The parsed JSON body (undefined when not JSON); a transport failure is a violation of the check's rules. */
  json<T = any>(ex: Exchange): T;
  /** The exchanges this check has sent so far. */
  exchanges(): Exchange[];
  /** The check library bound to this check's rules, the loaded contract and the disagreements table. */
  expect: BoundChecks;
  /**
   * Records a non-fatal observation (e.g. an answer only one of the two sources allows): the
   * check goes on, and if it passes it is reported as a warning naming the notes.
   */
  note(note: CheckNote): void;
  /** The notes so far. */
  notes(): CheckNote[];
  /** When the check's deadline expires (clock ms); requests wait for rate budget at most until then. */
  deadlineAt?: number;
  /** The role of a request that names none (see defaultRoleFor). */
  defaultRole: string;
  /** What the check judged and read so far (shared with the runs of a property). */
  tracker: CheckTracker;
  /** The check whose requests these are, named in the run's journal. */
  source?: ExchangeSource;
}

/**
 * What a check did beside sending: the exchanges it judged (`t.expect`), with the rules each
 * was judged for, and the fixtures and key roles it read, required (`t.fixture`, `t.role`, a
 * request's role) or optional (`t.target.fixture`, `t.target.hasRole`: read when present).
 */
export interface CheckTracker {
  judged: Map<Exchange, Set<string>>;
  /**
   * Rules a check of the library held an exchange to and found nothing to judge against (a
   * schema the loaded document does not give), with what was missing: unproven by that exchange.
   */
  unjudged: Map<string, string>;
  fixtures: Set<string>;
  optionalFixtures: Set<string>;
  roles: Set<string>;
  optionalRoles: Set<string>;
  /** Profile mistakes the check's exchanges showed (harness/suite/limited-retry.ts), told with the run's. */
  warnings: ConfigWarning[];
  /** A property check's runs, planned and made (harness/suite/property.ts). */
  runs?: PropertyRuns;
}

function newTracker(): CheckTracker {
  return {
    judged: new Map(),
    unjudged: new Map(),
    fixtures: new Set(),
    optionalFixtures: new Set(),
    roles: new Set(),
    optionalRoles: new Set(),
    warnings: [],
  };
}

/** The target a check sees: its optional fixture and role reads are tracked. */
const watchedTargets = new WeakMap<TargetContext, TargetContext>();

function watched(target: TargetContext, tracker: CheckTracker): TargetContext {
  const raw = watchedTargets.get(target) ?? target;
  const view: TargetContext = {
    ...raw,
    fixture(name) {
      tracker.optionalFixtures.add(name);
      return raw.fixture(name);
    },
    hasRole(role) {
      tracker.optionalRoles.add(role);
      return raw.hasRole(role);
    },
  };
  watchedTargets.set(view, raw);
  return view;
}

/**
 * The role of a family's requests that name none: its own key when the profile has one (family-keys.ts), else
 * `approved`.
 */
export function defaultRoleFor(family: string, target: Pick<TargetContext, 'hasRole' | 'config'>): string {
  return familyKeyRole(family, target.config.runProfile, (role) => target.hasRole(role));
}

/** Async outcomes settle within this when the profile does not say (DESIGN: asyncTimeoutMs). */
const DEFAULT_ASYNC_TIMEOUT_MS = 5_000;

/** How long an asynchronous outcome may take on the target: the profile's asyncTimeoutMs, else the default. */
export const asyncTimeoutOf = (target: Pick<TargetContext, 'config'>): number =>
  target.config.profile.asyncTimeoutMs ?? DEFAULT_ASYNC_TIMEOUT_MS;

export function createCheckContext(
  given: TargetContext,
  rules: readonly Rule[],
  clock: PollDeps = realClock,
  deadlineAt?: number,
  defaultRole = 'approved',
  tracker: CheckTracker = newTracker(),
  source?: ExchangeSource,
): CheckContext {
  const target = watchedTargets.get(given) ?? given;
  const ruleIds = rules.map((r) => r.id);
  const slots: Array<Exchange | undefined> = [];
  const notes: CheckNote[] = [];
  const judged = (exchange: Exchange, ids: readonly string[]): void => {
    const seen = tracker.judged.get(exchange) ?? new Set<string>();
    for (const id of ids) seen.add(id);
    tracker.judged.set(exchange, seen);
  };
  const note = (n: CheckNote): void => {
    notes.push(n);
    // A note is a judgment: the answer was held to its rules and found allowed by one source.
    if (n.exchange) judged(n.exchange, n.rules);
  };
  // Held to its rules with nothing to judge against: the exchange proves none of them.
  const unjudged = (exchange: Exchange, ids: readonly string[], needs: string): void => {
    for (const id of ids) {
      tracker.judged.get(exchange)?.delete(id);
      if (!tracker.unjudged.has(id)) tracker.unjudged.set(id, needs);
    }
  };

  function requireRole(role: string): string {
    tracker.roles.add(role);
    if (!target.hasRole(role)) throw new SkipCheck(`role ${role}`);
    return role;
  }

  async function sendOnce(req: ApiRequest, role: string | null): Promise<Exchange> {
    const slot = slots.push(undefined) - 1;
    const budgetWaitMs =
      req.budgetWaitMs ?? (deadlineAt === undefined ? undefined : Math.max(0, deadlineAt - clock.now()));
    // The check sends it; a request may name the family it is sent for (a family's read sent again).
    const sender = source && req.source?.family ? { ...source, family: req.source.family } : source;
    const ex = await target.client.send({
      ...req,
      role,
      ...(budgetWaitMs === undefined ? {} : { budgetWaitMs }),
      ...(sender ? { source: sender } : {}),
    });
    slots[slot] = ex;
    return ex;
  }

  async function send(req: ApiRequest): Promise<Exchange> {
    const role = req.role === undefined ? defaultRole : req.role;
    if (role !== null) requireRole(role);
    const first = await sendOnce(req, role);
    // A keyless request is paced in a bucket of the high tier (client.ts).
    const tier = role === null ? 'high' : tierOfRole(target.config.profile.keys, role);
    const wait = limitedRetryWait(req, first, tier);
    if (wait === undefined) return first;
    const warning = role === null ? undefined : pacedLimited(target.config.runId, role, tier);
    if (warning) tracker.warnings.push(warning);
    await clock.sleep(wait);
    return sendOnce({ ...req, label: `${req.label ?? `${req.method} ${req.path}`} (again after a 429)` }, role);
  }

  const environment = { disagreements: disagreementTable(), note, unjudged };
  const expect = bindChecks(ruleIds, { validateResponse: target.validateResponse }, { ...environment, judged });
  // Reading a body is no judgment of the check's rules: it proves none of them.
  const reading = bindChecks(ruleIds, { validateResponse: target.validateResponse }, environment);

  return {
    target: watched(target, tracker),
    config: target.config,
    rules,
    send,
    sendConcurrently: (reqs) => sendConcurrently(send, reqs),
    fixture<T extends FixtureValue = string>(name: string): T {
      tracker.fixtures.add(name);
      const value = target.fixture(name);
      if (value === undefined) throw new SkipCheck(`fixture ${name}`);
      return value as T;
    },
    role: requireRole,
    idempotencyKey: (label) => target.client.newIdempotencyKey(label),
    poll(req, until, opts = {}) {
      const timeoutMs = opts.timeoutMs ?? asyncTimeoutOf(target);
      return pollUntil(() => send(req), until, timeoutMs, pollInterval(timeoutMs, opts.intervalMs), clock);
    },
    json(ex) {
      reading.transportOk(ex); // a transport failure is a violation of the check's rules
      return jsonOf(ex.response!) as any;
    },
    exchanges: () => slots.filter((e): e is Exchange => e !== undefined),
    expect,
    note,
    notes: () => [...notes],
    deadlineAt,
    defaultRole,
    tracker,
    ...(source ? { source } : {}),
  };
}
