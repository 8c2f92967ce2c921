/**
 * One check from start to Finding, without vitest: meet the needs, run the body under a
 * deadline, classify what it threw. verify() and verifyProperty() wrap this in a test.
 */
import type { Exchange, Family, Rule } from '../model.js';
import type { TargetContext } from '../target.js';
import { createCheckContext, defaultRoleFor, type CheckContext, type CheckTracker } from './context.js';
import { unmetNeed, unmetRuleNeeds, type Needs } from './needs.js';
import { checkOutcomeOf, sectionsOf, type Outcome } from './outcome.js';
import { realClock, type PollDeps } from './poll.js';
import { reproduceCommand } from '../reproduce.js';
import { RunDeadlinePassed } from './run-deadline.js';
import { asSkip, isSkipCheck } from './skip.js';
import { BUDGET_TIMEOUT } from '../client/errors.js';
import { undeclaredReads } from './declared-reads.js';

/** A check that does not finish in time; its exchanges so far still make the finding. */
class CheckTimeout extends Error {
  readonly code = 'E_CHECK_TIMEOUT' as const;
  constructor(readonly timeoutMs: number) {
    super(`the check did not finish within ${timeoutMs} ms`);
    this.name = 'CheckTimeout';
  }
}

export interface CheckSpec {
  title: string;
  /** The check's stable id (harness/suite/inventory.ts). */
  id?: string;
  family: Family | 'contract';
  rules: readonly Rule[];
  needs?: Needs;
  timeoutMs: number;
  /** fast-check seed, named in the reproduction command of a property check. */
  seed?: number;
  /** The check draws from the rest of the run: its reproduction is the whole run with the seed. */
  wholeRun?: boolean;
  body(t: CheckContext): Promise<void>;
}

function withDeadline<T>(work: Promise<T>, timeoutMs: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), timeoutMs);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export async function runCheck(spec: CheckSpec, target: TargetContext, clock?: PollDeps): Promise<Outcome> {
  const start = performance.now();
  const reproduce = (rules: readonly string[], path?: string) =>
    reproduceCommand(
      target.config.command,
      spec.wholeRun ? { rules: [], seed: spec.seed } : { rules, seed: spec.seed, ...(path ? { path } : {}) },
    );
  const identity = { check: spec.title, ...(spec.id ? { id: spec.id } : {}), family: spec.family, rules: spec.rules };
  const need = unmetNeed(spec.needs, spec.rules, target.capabilities);
  if (need !== undefined) {
    return {
      action: 'skip',
      note: `needs ${need}`,
      finding: {
        ...identity,
        rules: spec.rules.map((r) => r.id),
        section: sectionsOf(spec.rules),
        verdict: 'skipped',
        needs: need,
        message: `skipped: needs ${need}`,
        exchanges: [],
      },
    };
  }
  const now = (clock ?? realClock).now();
  // The run's deadline is in wall-clock ms; what is left of it bounds the check like its own timeout.
  const runLeft = target.config.deadlineAt === undefined ? Infinity : target.config.deadlineAt - Date.now();
  const timeoutMs = Math.max(0, Math.min(spec.timeoutMs, runLeft));
  const byRun = runLeft < spec.timeoutMs;
  const t = createCheckContext(
    target,
    spec.rules,
    clock,
    now + timeoutMs,
    defaultRoleFor(spec.family, target),
    undefined,
    { check: spec.title, family: spec.family },
  );
  let thrown: unknown;
  try {
    if (timeoutMs <= 0) throw new RunDeadlinePassed();
    const expired = () => (byRun ? new RunDeadlinePassed() : new CheckTimeout(spec.timeoutMs));
    await withDeadline(spec.body(t), timeoutMs, expired);
  } catch (e) {
    thrown = asSkip(e) ?? e ?? new Error('the check threw undefined');
  }
  const { exchanges, proof } = judgedExchanges(t.exchanges(), t.tracker);
  // A request the run's deadline left no time to send cut the check short: not run, never a verdict on its rules.
  if (byRun && thrown !== undefined && !isSkipCheck(thrown) && exchanges.some((ex) => ex.error === BUDGET_TIMEOUT))
    thrown = new RunDeadlinePassed();
  // A rule whose own needs the run does not meet is unproven here, whatever was judged: as `plan` says.
  const unmetRules = unmetRuleNeeds(spec.needs, target.capabilities);
  for (const { rule } of unmetRules) delete proof[rule];
  const undeclared = undeclaredReads(t.tracker, spec.needs, spec.family);
  const outcome = checkOutcomeOf(
    {
      ...identity,
      thrown,
      exchanges,
      proof,
      notes: t.notes(),
      unjudged: [...[...t.tracker.unjudged].map(([rule, needs]) => ({ rule, needs })), ...unmetRules],
      ...(t.tracker.runs ? { runs: t.tracker.runs } : {}),
      strict: target.config.strict,
      durationMs: performance.now() - start,
      reproduce,
    },
    (ids) => ids.map((id) => target.rules.byId(id)).filter((r): r is Rule => r !== undefined),
  );
  if (undeclared.length > 0) outcome.finding.undeclaredReads = undeclared;
  const warnings = [...(outcome.finding.configWarnings ?? []), ...t.tracker.warnings];
  if (warnings.length > 0) outcome.finding.configWarnings = warnings;
  return outcome;
}

/**
 * The check's exchanges with those its property runs judged (a passing run keeps no exchanges
 * of its own), and per rule the indexes of the exchanges judged for it.
 */
function judgedExchanges(
  sent: readonly Exchange[],
  tracker: Pick<CheckTracker, 'judged'>,
): { exchanges: Exchange[]; proof: Record<string, number[]> } {
  const exchanges = [...sent];
  const known = new Set(exchanges);
  for (const ex of tracker.judged.keys()) if (!known.has(ex)) exchanges.push(ex);
  const proof: Record<string, number[]> = {};
  exchanges.forEach((ex, index) => {
    for (const rule of tracker.judged.get(ex) ?? []) (proof[rule] ??= []).push(index);
  });
  return { exchanges, proof };
}
