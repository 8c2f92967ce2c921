/** The campaign's result: the matrix of faults, the score, and mutation.json. */
import type { OperationsMatrix } from './operations-matrix.js';
import type { CleanOutcome, FaultOutcome } from './outcome.js';
import type { WithVariants } from './pairs.js';

export const MUTATION_FORMAT = 'partner-conformance.mutation/1';

/** Which suites run against each fault: every family's, its own family's, or its family's checks of its rule. */
export const CAMPAIGN_SCOPES = ['all', 'family', 'operations'] as const;
export type CampaignScope = (typeof CAMPAIGN_SCOPES)[number];

export interface CampaignResult {
  format: typeof MUTATION_FORMAT;
  campaignId: string;
  startedAt: string;
  durationMs: number;
  /** Parallel lanes used (each: one vitest worker and one reference server). */
  lanes: number;
  /** Which suites ran against each fault: every family, the fault's own, or its own family's checks of its rule. */
  scope: CampaignScope;
  /** Whether a variant ran beside each fault: none, one sampled per fault, or every pair. */
  withVariants: WithVariants;
  seed: number;
  clean: CleanOutcome;
  faults: FaultOutcome[];
  /** Scope `operations`: the operations matrix, each cell caught, missed or not applicable with its reason. */
  operations?: OperationsMatrix;
  score: {
    caught: number;
    total: number;
    /** Caught with the fault's own rule among the failing rules. */
    ownRule: number;
    /** caught / total, 0..1 (1 when there is no fault). */
    ratio: number;
  };
  /** Zero false failures on the clean server and every fault caught (beside a variant: by its own rule). */
  passed: boolean;
}

export function scoreOf(faults: readonly FaultOutcome[]): CampaignResult['score'] {
  const caught = faults.filter((f) => f.caught).length;
  return {
    caught,
    total: faults.length,
    ownRule: faults.filter((f) => f.ownRuleCaught).length,
    ratio: faults.length ? caught / faults.length : 1,
  };
}

const list = (rules: readonly string[], max = 4) =>
  rules.length > max ? `${rules.slice(0, max).join(', ')} +${rules.length - max}` : rules.join(', ');

/** One progress line per fault, printed as it completes. */
export function progressLine(outcome: FaultOutcome, index: number, total: number): string {
  const status = outcome.error
    ? `ERROR ${outcome.error}`
    : outcome.caught
      ? `caught by ${list(outcome.failingRules)}` +
        (outcome.ownRuleCaught ? '' : ` (own rule ${outcome.faultRules.join(', ')} not among them)`)
      : 'NOT CAUGHT';
  const wide = outcome.widened ? " in its family's whole run" : '';
  const name = outcome.variant ? `${outcome.fault} + ${outcome.variant}` : outcome.fault;
  return (
    `[${String(index).padStart(String(total).length)}/${total}] ${name.padEnd(40)} ${status}${wide} ` +
    `(${(outcome.durationMs / 1000).toFixed(1)} s)\n`
  );
}

export function renderMatrix(result: CampaignResult): string {
  const width = Math.max(5, ...result.faults.map((f) => f.fault.length));
  const paired = result.faults.some((f) => f.variant !== undefined);
  const variantWidth = Math.max(7, ...result.faults.map((f) => f.variant?.length ?? 0));
  const variantColumn = (v: string) => (paired ? `${v.padEnd(variantWidth)}  ` : '');
  const lines = [
    '',
    `${'fault'.padEnd(width)}  ${variantColumn('variant')}${'family'.padEnd(19)}  caught  own rule  failing rules`,
  ];
  for (const f of result.faults) {
    const own = f.ownRuleCaught ? 'yes' : 'no';
    lines.push(
      `${f.fault.padEnd(width)}  ${variantColumn(f.variant ?? '-')}${f.family.padEnd(19)} ` +
        ` ${(f.error ? 'error' : f.caught ? 'yes' : 'NO').padEnd(6)}  ${own.padEnd(8)} ` +
        ` ${f.error ?? list(f.failingRules)}`,
    );
  }
  const { clean, score } = result;
  lines.push('');
  lines.push(
    `clean server: ${clean.counts.total} checks, ${clean.falseFailures.length} false ` +
      `failures${clean.error ? ` (error: ${clean.error})` : ''}`,
  );
  for (const ff of clean.falseFailures)
    lines.push(`  ✗ [${ff.family}] ${ff.check} (${ff.rules.join(', ')}): ${ff.observed ?? ''}`);
  lines.push(
    `score: ${score.caught}/${score.total} faults caught ` +
      `(${(score.ratio * 100).toFixed(1)}%), ${score.ownRule}/${score.total} by their own rule`,
  );
  lines.push(
    `campaign: ${(result.durationMs / 1000).toFixed(1)} s on ${result.lanes} lanes, ` +
      `scope ${result.scope}${result.withVariants === 'none' ? '' : `, with variants: ${result.withVariants}`} ` +
      `— ${result.passed ? 'PASSED' : 'FAILED'}`,
    '',
  );
  return lines.join('\n');
}
