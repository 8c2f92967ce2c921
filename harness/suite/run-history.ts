/**
 * History checks over the whole run: rules whose claim compares exchanges of the run with one
 * another (an answer with an earlier one of the same application, a replay with its original, an
 * answer to one account with what another account created), judged over the run's journal
 * (harness/client/journal.ts) after every other suite file, at no request, whichever check,
 * setup step, property run or retry sent each exchange. An oracle reads the journal into claims;
 * each claim that does not hold is a finding of its rules with the exchanges it compared (the
 * last is the one that broke it), each naming the check that sent it. A run whose claims all
 * hold is one passed finding; one with none (a run of other families, of no second account) is
 * skipped with what the oracle needs, never passed.
 */
import { test, type TestContext } from 'vitest';
import { RuleViolation } from '../checks/violation.js';
import { KEY_ROLES, type KeyRoleSpec } from '../profile-vocabulary.js';
import type { Exchange, Finding, JournalEntry, Rule } from '../model.js';
import { reproduceCommand } from '../reproduce.js';
import type { RunConfig } from '../run-config.js';
import { getTarget, runConfig, type TargetContext } from '../target.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import { asyncTimeoutOf } from './context.js';
import { checkEntry } from './inventory.js';
import { notSelected, unmetNeed, type Needs } from './needs.js';
import { sectionsOf, verdictOf } from './outcome.js';
import { journalOfRun, MAX_RUN_WIDE_FINDINGS } from './run-wide.js';

/** One claim of an oracle over the run. */
export interface HistoryClaim {
  rules: readonly string[];
  /** The exchanges it compares, in the order sent; the last is the one that holds or breaks it. */
  entries: readonly JournalEntry[];
  holds: boolean;
  title: string;
  expected: string;
  /** Evaluated only when the claim does not hold. */
  observed: () => string;
}

/** What an oracle reads of the run beside its journal. */
export interface HistoryContext {
  /**
   * Whether two key roles are known to be keys of two accounts. Only where the key roles say so
   * (`anotherAccount` in harness/profile-vocabulary.ts, against `approved`), and only while they
   * hold two keys: any other two roles may share an account on a real staging.
   */
  accountsApart(a: string, b: string): boolean;
  /** A profile fixture, or undefined. */
  fixture(name: string): unknown;
  /** How long an asynchronous outcome (and a list's view of a change) may take: the profile's asyncTimeoutMs. */
  asyncTimeoutMs: number;
}

/** An oracle's judgement of the run: its claims, and how many exchanges it left out for each reason. */
export interface HistoryJudgement {
  claims: HistoryClaim[];
  leftOut?: ReadonlyMap<string, number>;
}

export interface HistoryOracle {
  /** What a run must hold for the oracle to judge anything (a skip's `needs`). */
  needs: string;
  /**
   * What of it the profile must give (a key role), declared like a check's: `plan` foresees the
   * skip, and the run skips with it before judging anything.
   */
  requires?: Needs;
  judge(entries: readonly JournalEntry[], t: HistoryContext): HistoryJudgement;
}

/** When an exchange's request left the client, in ms since the epoch (undefined when it does not say). */
export function sentAt(ex: Exchange): number | undefined {
  const at = Date.parse(ex.startedAt ?? '');
  return Number.isNaN(at) ? undefined : at;
}

/** When its answer ended, in ms since the epoch (undefined when the exchange does not say when it was sent). */
export const endedAt = (ex: Exchange): number | undefined => {
  const at = sentAt(ex);
  return at === undefined ? undefined : at + ex.durationMs;
};

/** The roles whose entry in KEY_ROLES says they are of another account than `approved`. */
const ANOTHER_ACCOUNT = new Set(
  Object.entries(KEY_ROLES as Record<string, KeyRoleSpec>)
    .filter(([, spec]) => spec.anotherAccount)
    .map(([role]) => role),
);

/** accountsApart over the roles a run's keys hold (`distinct`: no two of them hold one key). */
export function accountsApartBy(distinct: (roles: readonly string[]) => boolean) {
  return (a: string, b: string): boolean =>
    a !== b && [a, b].includes('approved') && [a, b].some((r) => ANOTHER_ACCOUNT.has(r)) && distinct([a, b]);
}

const sentBy = (claim: HistoryClaim): string =>
  [...new Set(claim.entries.map((e) => e.check))].map((c) => JSON.stringify(c)).join(', ');

/** A failed or warned finding of a claim that does not hold. */
function violationFinding(
  claim: HistoryClaim,
  title: string,
  rules: readonly Rule[],
  config: Pick<RunConfig, 'command' | 'strict'>,
): Finding {
  const broken = rules.filter((r) => claim.rules.includes(r.id));
  const violation = new RuleViolation({
    rules: claim.rules,
    title: claim.title,
    expected: claim.expected,
    observed: claim.observed(),
  });
  const last = claim.entries.at(-1);
  return {
    check: title,
    family: 'contract',
    rules: [...claim.rules],
    section: sectionsOf(broken),
    ...verdictOf(violation, broken, config.strict),
    expected: violation.expected,
    observed: `${violation.observed} (sent by ${sentBy(claim)})`,
    message: violation.title,
    exchanges: claim.entries.map((e) => e.exchange),
    // The family whose run sends the exchanges again; the history checks run at its end.
    reproduce: reproduceCommand(config.command, {
      ...(last?.family && last.family !== 'contract' ? { family: last.family } : {}),
      rules: [],
    }),
  };
}

const leftOutWords = (leftOut: ReadonlyMap<string, number> | undefined): string =>
  leftOut && leftOut.size > 0 ? `; left out: ${[...leftOut].map(([why, n]) => `${n} ${why}`).join('; ')}` : '';

/** An oracle's findings: its broken claims (at most MAX_RUN_WIDE_FINDINGS), else one passed or skipped. */
export function historyFindings(
  judgement: HistoryJudgement,
  title: string,
  rules: readonly Rule[],
  needs: string,
  config: Pick<RunConfig, 'command' | 'strict'>,
): Finding[] {
  const { claims, leftOut } = judgement;
  const broken = claims.filter((c) => !c.holds);
  if (broken.length > 0) {
    const findings = broken.slice(0, MAX_RUN_WIDE_FINDINGS).map((c) => violationFinding(c, title, rules, config));
    const more = broken.length - findings.length;
    if (more > 0) findings.at(-1)!.message += `; and ${more} more of the run (exchanges.ndjson)`;
    return findings;
  }
  const base = { check: title, family: 'contract' as const, exchanges: [] };
  const ids = rules.map((r) => r.id);
  if (claims.length === 0)
    return [
      {
        ...base,
        rules: ids,
        section: sectionsOf(rules),
        verdict: 'skipped',
        needs: `${needs}${leftOutWords(leftOut)}`,
      },
    ];
  // Its proof cites, per rule, the exchange of the first claim that held it.
  const held = ids.filter((id) => claims.some((c) => c.rules.includes(id)));
  const cited = [...new Set(held.map((id) => claims.find((c) => c.rules.includes(id))!.entries.at(-1)!))];
  const citing = (id: string) => cited.indexOf(claims.find((c) => c.rules.includes(id))!.entries.at(-1)!);
  return [
    {
      ...base,
      rules: held,
      section: sectionsOf(rules.filter((r) => held.includes(r.id))),
      verdict: 'passed',
      message: `${claims.length} claims over the run's exchanges held (exchanges.ndjson)${leftOutWords(leftOut)}`,
      exchanges: cited.map((e) => e.exchange),
      proof: Object.fromEntries(held.map((id) => [id, [citing(id)]])),
    },
  ];
}

/** The context an oracle reads of the run of `target`. */
export function historyContextOf(target: TargetContext): HistoryContext {
  return {
    accountsApart: accountsApartBy((roles) => target.client.distinctKeys(roles)),
    fixture: (name) => target.fixture(name),
    asyncTimeoutMs: asyncTimeoutOf(target),
  };
}

/**
 * Registers a history check of `rules` over the run's journal. It sends nothing, but judges what
 * the run's writes made, so it belongs to the profiles that write and is skipped in a read-only
 * run. Like the run-wide checks it joins every run, whatever its families (the plan says so too).
 */
export function verifyRunHistory(title: string, ruleIds: string[], oracle: HistoryOracle): void {
  const rules = resolveRules(ruleCatalogue(), title, ruleIds);
  const entry = checkEntry(title, rules, { writes: true, ...oracle.requires }, undefined, false);
  test(title, { meta: { check: entry } }, async (ctx: TestContext) => {
    const config = runConfig();
    const deselected = notSelected(config, ruleIds);
    if (deselected) ctx.skip(deselected);
    const target = await getTarget();
    const unmet = unmetNeed(oracle.requires, rules, target.capabilities);
    if (unmet !== undefined) {
      const base = { check: title, id: entry.id, family: 'contract' as const, rules: ruleIds, exchanges: [] };
      ctx.task.meta.findings = [{ ...base, section: sectionsOf(rules), verdict: 'skipped', needs: unmet }];
      ctx.skip(`needs ${unmet}`);
    }
    const entries = config.journal === undefined ? [] : journalOfRun(config.journal);
    const judgement: HistoryJudgement = target.writable
      ? oracle.judge(entries, historyContextOf(target))
      : { claims: [], leftOut: new Map([['exchanges: the run writes nothing (read-only)', entries.length]]) };
    const findings = historyFindings(judgement, title, rules, oracle.needs, target.config).map((f) => ({
      ...f,
      id: entry.id,
    }));
    ctx.task.meta.findings = findings;
    if (findings.some((f) => f.verdict === 'failed')) throw new Error(`${title}: ${findings.length} violation(s)`);
    if (findings.every((f) => f.verdict === 'skipped')) ctx.skip(`needs ${findings[0]!.needs}`);
  });
}
