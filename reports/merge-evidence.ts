/**
 * The evidence of every shard of one run as one evidence file: the shards must agree on what
 * was run (profile, versions, seed, selection, shard count); rules take their worst verdict,
 * checks and exchanges are put together, and the scope loses its shard once all are present.
 */
import { ConfigError } from '../harness/errors.js';
import { withDigest } from './digest.js';
import { EVIDENCE_FORMAT, type Evidence, type EvidenceRule } from './evidence.js';
import type { MissingRule, RequiredSummary, RuleVerdict } from './types.js';

// A rule one shard did not reach may be another's: any verdict of a check beats none. Every
// shard of a run excludes the same rules, so `excluded` stands whatever a check found.
const SEVERITY: Record<RuleVerdict, number> = {
  excluded: 6,
  failed: 5,
  warning: 4,
  blocked: 3,
  'not run': 2,
  passed: 1,
  skipped: 0,
  'not reached': -1,
  'not selected': -2,
};

/** Scope members every shard must share (the seed apart: checkSameSeed). */
const SHARED = ['runProfile', 'toolVersion', 'catalogueVersion', 'specDigest', 'runs', 'strict'] as const;

function shardOf(evidence: Evidence): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(evidence.scope?.shard ?? '');
  if (!match)
    throw new ConfigError(
      'E_EVIDENCE_MISMATCH',
      `evidence of run ${evidence.runId} is not from a sharded run (no --shard in its scope)`,
    );
  return { index: Number(match[1]), count: Number(match[2]) };
}

/** The embedded server listens on a new port each run: it is the same target by name and fault. */
const targetOf = ({ target }: Evidence) =>
  target.embedded ? `embedded ${target.name} ${target.fault ?? ''}` : target.baseUrl;

const shardName = (p: Evidence) => `shard ${p.scope.shard ?? `of run ${p.runId}`}`;

/** Shards of other seeds drew other inputs for their properties: together they are no one run. */
function checkSameSeed(parts: readonly Evidence[]): void {
  if (new Set(parts.map((p) => p.scope.seed)).size <= 1) return;
  const seeds = parts.map((p) => `${shardName(p)}: seed ${p.scope.seed}`).join(', ');
  throw new ConfigError(
    'E_EVIDENCE_SEED',
    `the shards were run with different seeds (${seeds}): ` +
      'their properties drew different inputs, so together they are not one run',
  );
}

function checkAgree(parts: readonly Evidence[]): void {
  checkSameSeed(parts);
  const [first, ...others] = parts;
  for (const other of others) {
    for (const key of SHARED) {
      if (JSON.stringify(other.scope[key]) !== JSON.stringify(first!.scope[key]))
        throw new ConfigError('E_EVIDENCE_MISMATCH', `runs ${first!.runId} and ${other.runId} differ in ${key}`);
    }
    if (targetOf(other) !== targetOf(first!))
      throw new ConfigError('E_EVIDENCE_MISMATCH', `runs ${first!.runId} and ${other.runId} tested different targets`);
    if (
      JSON.stringify(other.scope.families) !== JSON.stringify(first!.scope.families) ||
      JSON.stringify(other.scope.rules) !== JSON.stringify(first!.scope.rules)
    ) {
      throw new ConfigError(
        'E_EVIDENCE_MISMATCH',
        `runs ${first!.runId} and ${other.runId} selected different families or rules`,
      );
    }
  }
}

function mergeRules(parts: readonly Evidence[]): EvidenceRule[] {
  const byId = new Map<string, EvidenceRule>();
  for (const rule of parts.flatMap((p) => p.rules)) {
    const seen = byId.get(rule.id);
    if (!seen) byId.set(rule.id, { ...rule, checks: [...rule.checks] });
    else {
      seen.checks.push(...rule.checks);
      if (SEVERITY[rule.verdict] > SEVERITY[seen.verdict]) seen.verdict = rule.verdict;
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** Verdicts that prove a rule (it was judged). */
const PROVEN: ReadonlySet<RuleVerdict> = new Set(['passed', 'failed', 'warning']);

/**
 * What the shards required together (each answers for the rules its own checks name), and
 * those the merged verdicts leave unproven, with what the shards said each needs.
 */
function mergeRequired(parts: readonly Evidence[], rules: readonly EvidenceRule[]): RequiredSummary | undefined {
  const given = parts.map((p) => p.required).filter((r): r is RequiredSummary => r !== undefined);
  if (given.length === 0) return undefined;
  const required = [...new Set(given.flatMap((r) => r.rules))].sort();
  const verdicts = new Map(rules.map((r) => [r.id, r.verdict]));
  const needs = new Map<string, string[]>();
  for (const m of given.flatMap((r) => r.missing))
    needs.set(m.rule, [...new Set([...(needs.get(m.rule) ?? []), ...m.needs])]);
  const missing: MissingRule[] = required
    .map((rule) => ({ rule, verdict: verdicts.get(rule) ?? ('not reached' as RuleVerdict) }))
    .filter(({ verdict }) => !PROVEN.has(verdict))
    .map(({ rule, verdict }) => ({ rule, verdict, needs: needs.get(rule) ?? [] }));
  return {
    basis: given[0]!.basis.replace(/, named by the checks of shard [^,]*$/, ''),
    rules: required,
    missing,
    unreachable: [...new Set(given.flatMap((r) => r.unreachable))].sort(),
  };
}

const NOT_PROVEN = / required rules? not proven$/;

/** One shard's evidence, with the key that signed its bundle (absent: unsigned). */
export interface ShardEvidence {
  evidence: Evidence;
  kid?: string;
}

/** The merged run's outcome: its shards' worst; a shard left untested or incomplete leaves it incomplete. */
function mergedOutcome(parts: readonly Evidence[], incomplete: boolean): Evidence['outcome'] {
  const outcomes = parts.map((p) => p.outcome);
  if (outcomes.includes('failed')) return 'failed';
  if (outcomes.includes('blocked')) return 'blocked';
  if (outcomes.every((o) => o === 'empty')) return 'empty';
  if (incomplete || outcomes.some((o) => o === 'incomplete' || o === 'unusable')) return 'incomplete';
  return outcomes.includes('degraded') ? 'degraded' : 'passed';
}

function checkFormat(parts: readonly Evidence[]): void {
  const old = parts.find((p) => p.format !== EVIDENCE_FORMAT);
  if (old)
    throw new ConfigError(
      'E_EVIDENCE_FORMAT',
      `evidence of run ${old.runId} is of the format ${String(old.format)}, not ${EVIDENCE_FORMAT}: ` +
        'its shards cannot be merged into a bundle',
    );
}

export function mergeEvidence(shardsGiven: readonly ShardEvidence[]): Evidence {
  const parts = shardsGiven.map((s) => s.evidence);
  if (parts.length === 0)
    throw new ConfigError(
      'E_USAGE',
      'merge-evidence needs at least one evidence file',
      'Run `partner-conformance merge-evidence <shard-1/bundle> <shard-2/bundle> ... --out <folder>`.',
    );
  checkFormat(parts);
  checkAgree(parts);
  const shards = parts.map(shardOf);
  const count = shards[0]!.count;
  if (shards.some((s) => s.count !== count))
    throw new ConfigError(
      'E_EVIDENCE_MISMATCH',
      `the shards are of different counts (${shards.map((s) => `${s.index}/${s.count}`).join(', ')})`,
    );
  const indexes = [...new Set(shards.map((s) => s.index))].sort((a, b) => a - b);
  if (indexes.length !== shards.length) throw new ConfigError('E_EVIDENCE_MISMATCH', 'a shard is given twice');
  const all = indexes.length === count;
  const first = parts[0]!;
  const rules = mergeRules(parts);
  const required = mergeRequired(parts, rules);
  const missing = required?.missing.length ?? 0;
  const stopped = parts.find((p) => p.stopped)?.stopped;
  const partial = [...new Set(parts.flatMap((p) => p.scope.partial))]
    .filter((p) => !p.startsWith('shard ') && !NOT_PROVEN.test(p))
    .concat(all ? [] : [`shards ${indexes.join(', ')} of ${count}`])
    .concat(missing > 0 ? [`${missing} required rule${missing === 1 ? '' : 's'} not proven`] : []);
  const { shard: _shard, ...scope } = first.scope;
  const { digest: _digest, summaryDigest: _summaryDigest, ...base } = first;
  const counts = { ...first.counts };
  // A shard written before `blocked` existed has no such count: it blocked nothing.
  for (const key of Object.keys(counts) as Array<keyof typeof counts>)
    counts[key] = parts.reduce((n, p) => n + (p.counts[key] ?? 0), 0);
  return withDigest({
    ...base,
    runId: `${first.runId}+${parts.length - 1}`,
    scope: {
      ...scope,
      ...(all ? {} : { shard: `${indexes.join(',')}/${count}` }),
      complete: partial.length === 0,
      partial,
    },
    startedAt: parts.map((p) => p.startedAt).sort()[0]!,
    finishedAt: parts
      .map((p) => p.finishedAt)
      .sort()
      .at(-1)!,
    outcome: mergedOutcome(parts, missing > 0 || stopped !== undefined),
    ...(stopped ? { stopped } : {}),
    counts,
    ...(required ? { required } : {}),
    rules,
    requestIds: parts.flatMap((p) => p.requestIds),
    mergedFrom: shardsGiven.map(({ evidence: p, kid }) => ({
      runId: p.runId,
      shard: p.scope.shard!,
      summaryDigest: p.summaryDigest,
      ...(kid ? { kid } : {}),
    })),
  });
}
