/**
 * Run-wide checks: rules that hold for every exchange of the run, judged over the run's journal
 * (harness/client/journal.ts) at no extra request, in a suite file that runs after every other
 * (engine/suite-order.ts). Each exchange the invariant finds in violation becomes a finding of
 * the rule it broke, with that exchange; a run with none is one passed finding naming the rules
 * the judged exchanges were held to. An invariant that found nothing of the run to judge is
 * skipped with what it needs, never passed.
 */
import { existsSync, statSync } from 'node:fs';
import { test, type TestContext } from 'vitest';
import { bindChecks, type BoundChecks } from '../checks/bound.js';
import { isRuleViolation } from '../checks/violation.js';
import { apiPathOf } from '../client/request-target.js';
import { readJournal } from '../client/journal.js';
import type { Finding, JournalEntry, Rule } from '../model.js';
import { reproduceCommand } from '../reproduce.js';
import type { RunConfig } from '../run-config.js';
import { getTarget, runConfig, type TargetContext } from '../target.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import { checkEntry } from './inventory.js';
import { disagreementTable } from './disagreements.js';
import { notSelected } from './needs.js';
import { sectionsOf, verdictOf } from './outcome.js';

/** What an invariant reads beside the entry. */
export interface RunWideContext {
  /**
   * The checks bound to the invariant's rules (notes about disagreements are left to the checks that own the exchange).
   */
  expect: BoundChecks;
  /** The entry's path below the base URL of its interface (`/v1/ping?x=1`). */
  path(entry: JournalEntry): string;
  /** The operationId the entry's request matches in the loaded documents; undefined when none does. */
  operationOf(entry: JournalEntry): string | undefined;
  /** The loaded documents' validator, routed as the checks' (`--spec` first). */
  validateResponse: TargetContext['validateResponse'];
  /** An operation of the `--spec` document (its parameters, its responses); undefined when it has none of that id. */
  operation: TargetContext['contract']['operation'];
  /** The entries of the run sent before `entry`, in the order sent (what a replay or a repeat is judged against). */
  sentBefore(entry: JournalEntry): readonly JournalEntry[];
  /**
   * The entries of the run sent before `entry` or while it was in flight (started before its answer
   * ended): what a server that took them in another order than the client sent them may have seen first.
   */
  sentUntilAnswered(entry: JournalEntry): readonly JournalEntry[];
  /** The run's id: it begins every Idempotency-Key the client made for the run. */
  runId: string;
}

/** An exchange an invariant leaves alone, with why: a finding counts the exchanges left alone by reason. */
export interface Skipped {
  skipped: string;
}

/**
 * What an invariant made of one exchange: the rules it held the exchange to (none when the
 * invariant does not apply to it), or why it left an exchange alone that it applies to.
 */
type Judgement = readonly string[] | Skipped;

export const skipped = (reason: string): Skipped => ({ skipped: reason });

export interface Invariant {
  /**
   * Holds `entry` to the invariant: the rules it was held to, or why it was left alone; throws
   * the RuleViolation of the rule it breaks.
   */
  judge(entry: JournalEntry, t: RunWideContext): Judgement;
  /** What a run must hold for the invariant to judge anything (a skip's `needs`). */
  needs: string;
}

const NOTHING_SENT = 'no check of the run sent a request';

/** At most this many findings per invariant; the last one counts the rest. */
export const MAX_RUN_WIDE_FINDINGS = 20;

type Judged = {
  findings: Finding[];
  judged: number;
  heldTo: Map<string, JournalEntry>;
  /** Exchanges left alone, by reason. */
  leftAlone: Map<string, number>;
};

/** `3 with no answer, 1 made wrong on purpose`: what was left alone, most first. */
const leftAloneText = (leftAlone: ReadonlyMap<string, number>): string =>
  [...leftAlone]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');

/** The invariant over every entry: a finding per violating entry (at most MAX_RUN_WIDE_FINDINGS). */
function judgeJournal(
  entries: readonly JournalEntry[],
  title: string,
  rules: readonly Rule[],
  invariant: Invariant,
  t: RunWideContext,
  config: Pick<RunConfig, 'command' | 'strict'>,
): Judged {
  const out: Judged = { findings: [], judged: 0, heldTo: new Map(), leftAlone: new Map() };
  let more = 0;
  for (const entry of entries) {
    try {
      const held = invariant.judge(entry, t);
      if ('skipped' in held) {
        out.leftAlone.set(held.skipped, (out.leftAlone.get(held.skipped) ?? 0) + 1);
        continue;
      }
      if (held.length > 0) out.judged += 1;
      for (const id of held) if (!out.heldTo.has(id)) out.heldTo.set(id, entry);
    } catch (e) {
      if (!isRuleViolation(e)) throw e;
      out.judged += 1;
      if (out.findings.length >= MAX_RUN_WIDE_FINDINGS) {
        more += 1;
        continue;
      }
      const broken = rules.filter((r) => e.rules.includes(r.id));
      out.findings.push({
        check: title,
        family: 'contract',
        rules: [...e.rules],
        section: sectionsOf(broken),
        ...verdictOf(e, broken, config.strict),
        expected: e.expected,
        observed: `${e.observed} (sent by ${entry.check})`,
        message: e.title,
        exchanges: [entry.exchange],
        // The family whose run sends the exchange again; the run-wide checks run at its end.
        reproduce: reproduceCommand(config.command, {
          ...(entry.family && entry.family !== 'contract' ? { family: entry.family } : {}),
          rules: [],
        }),
      });
    }
  }
  const last = out.findings.at(-1);
  if (more > 0 && last) last.message = `${last.message}; and ${more} more exchanges of the run (exchanges.ndjson)`;
  return out;
}

/** The context of an invariant over the run of `target`. */
/** When an entry's request left (its journal time when it has no start of its own). */
const startOf = (entry: JournalEntry): number => Date.parse(entry.exchange.startedAt ?? '') || 0;

function contextOf(
  target: TargetContext,
  ruleIds: readonly string[],
  entries: readonly JournalEntry[],
): RunWideContext {
  const { profile } = target.config;
  const path = (entry: JournalEntry) => apiPathOf(profile, entry.api, entry.exchange.request.url);
  const order = new Map(entries.map((e, i) => [e, i]));
  return {
    expect: bindChecks(
      ruleIds,
      { validateResponse: target.validateResponse },
      { disagreements: disagreementTable(), note: () => undefined },
    ),
    path,
    // By the path below the base URL: a base URL's own prefix is no part of the documents' paths.
    operationOf: (entry) => target.operationOf({ method: entry.exchange.request.method, url: path(entry) }),
    validateResponse: target.validateResponse,
    operation: (id) => target.contract.operation(id),
    sentBefore: (entry) => entries.slice(0, order.get(entry) ?? 0),
    sentUntilAnswered: (entry) => {
      const end = startOf(entry) + entry.exchange.durationMs;
      const before = order.get(entry) ?? 0;
      return entries.filter((e, i) => e !== entry && (i < before || startOf(e) <= end));
    },
    runId: target.config.runId,
  };
}

/** The findings of an invariant over the run: its violations, or one passed or skipped finding. */
export function runWideFindings(
  entries: readonly JournalEntry[],
  title: string,
  rules: readonly Rule[],
  invariant: Invariant,
  target: TargetContext,
): Finding[] {
  const ids = rules.map((r) => r.id);
  const { findings, judged, heldTo, leftAlone } = judgeJournal(
    entries,
    title,
    rules,
    invariant,
    contextOf(target, ids, entries),
    target.config,
  );
  if (findings.length > 0) return findings;
  const base = { check: title, family: 'contract' as const, exchanges: [] };
  const alone = leftAlone.size > 0 ? `; left alone: ${leftAloneText(leftAlone)}` : '';
  if (judged === 0)
    return [
      {
        ...base,
        rules: ids,
        section: sectionsOf(rules),
        verdict: 'skipped',
        needs: invariant.needs,
        ...(alone ? { message: `nothing of the run's ${entries.length} exchanges judged${alone}` } : {}),
      },
    ];
  const held = ids.filter((id) => heldTo.has(id));
  // Its proof cites, per rule, the first exchange held to it (every one judged is in the journal).
  const cited = [...new Set(held.map((id) => heldTo.get(id)!))];
  return [
    {
      ...base,
      rules: held,
      section: sectionsOf(rules.filter((r) => heldTo.has(r.id))),
      verdict: 'passed',
      message: `${judged} of the run's ${entries.length} exchanges judged (exchanges.ndjson)${alone}`,
      exchanges: cited.map((e) => e.exchange),
      proof: Object.fromEntries(held.map((id) => [id, [cited.indexOf(heldTo.get(id)!)]])),
    },
  ];
}

let read: { path: string; size: number; entries: JournalEntry[] } | undefined;

/** The journal's entries, read once for the run-wide checks of a run (again when it has grown since). */
export function journalOfRun(path: string): JournalEntry[] {
  const size = existsSync(path) ? statSync(path).size : 0;
  if (read?.path !== path || read.size !== size) read = { path, size, entries: readJournal(path) };
  return read.entries;
}

/**
 * Registers a run-wide check of `rules` over the run's journal; it sends nothing, so it belongs to every run profile.
 */
export function verifyRunWide(title: string, ruleIds: string[], invariant: Invariant): void {
  const rules = resolveRules(ruleCatalogue(), title, ruleIds);
  // It sends nothing: no write, whatever its rules need of the checks that do.
  const entry = checkEntry(title, rules, { writes: false }, 'all', false);
  test(title, { meta: { check: entry } }, async (ctx: TestContext) => {
    const config = runConfig();
    const deselected = notSelected(config, ruleIds, 'all');
    if (deselected) ctx.skip(deselected);
    const entries = config.journal === undefined ? [] : journalOfRun(config.journal);
    // They judge what the run's checks sent: a run none of whose checks sent anything (a shard
    // with no selected check, every check skipped) has no run-wide checks either.
    if (!entries.some((e) => e.family !== undefined)) ctx.skip(`not selected: ${NOTHING_SENT}`);
    const target = await getTarget();
    const findings = runWideFindings(entries, title, rules, invariant, target).map((f) => ({ ...f, id: entry.id }));
    ctx.task.meta.findings = findings;
    if (findings.some((f) => f.verdict === 'failed')) throw new Error(`${title}: ${findings.length} violation(s)`);
    if (findings.every((f) => f.verdict === 'skipped')) ctx.skip(`needs ${invariant.needs}`);
  });
}
