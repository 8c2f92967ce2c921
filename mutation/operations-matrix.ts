/**
 * The operations matrix of a campaign over the faults per operation: every operation (a route of
 * the reference server) by every rule every operation owes (a column), each cell the verdict of
 * the fault that breaks that rule on that operation alone, or the reason the operation has no
 * such fault. The reference server says which faults fill which cells (the plan); the campaign's
 * outcomes say whether the suite caught each by its own rule.
 */
import type { FaultOutcome } from './outcome.js';

/** The matrix as the reference server declares it (`operationMatrix()` of reference/server.ts). */
export interface MatrixPlan {
  columns: ReadonlyArray<{ id: string; heading: string }>;
  rows: ReadonlyArray<{
    route: string;
    family: string;
    cells: ReadonlyArray<{ column: string; rule: string; fault: string } | { column: string; reason: string }>;
  }>;
}

/**
 * `caught`: a check failed naming the fault's own rule; `other rule`: checks failed, none naming it;
 * `missed`: no check failed (`reason` says when no check of the family names the rule at all);
 * `error`: the run did not complete; `not run`: the fault was left out of this campaign;
 * `n/a`: the operation cannot break the rule, or the catalogue does not hold its family to it.
 */
export type CellVerdict = 'caught' | 'other rule' | 'missed' | 'error' | 'not run' | 'n/a';

export interface MatrixCellResult {
  column: string;
  verdict: CellVerdict;
  rule?: string;
  fault?: string;
  /** Why the cell is not applicable, or why a miss was certain (no check of the family names the rule). */
  reason?: string;
  /** The rules the failing checks named (`other rule`). */
  failingRules?: string[];
  /** The verdict of the family's whole run: the checks naming the rule missed the fault. */
  widened?: true;
}

export interface OperationsMatrix {
  columns: Array<{ id: string; heading: string }>;
  rows: Array<{ route: string; family: string; cells: MatrixCellResult[] }>;
  /** Per rule: the faults of that rule run, and how many were caught by it. */
  byRule: Array<{ rule: string; caught: number; run: number }>;
}

type Verdict = Omit<MatrixCellResult, 'column' | 'rule' | 'fault'>;

function verdictOf(outcome: FaultOutcome | undefined, family: string): Verdict {
  if (!outcome) return { verdict: 'not run' };
  if (outcome.error) return { verdict: 'error', reason: outcome.error };
  const wide = outcome.widened ? { widened: true as const } : {};
  if (outcome.ownRuleCaught) return { verdict: 'caught', ...wide };
  if (outcome.caught) return { verdict: 'other rule', failingRules: outcome.failingRules, ...wide };
  const unnamed = outcome.unnamed ? { reason: `no check of ${family} names ${outcome.faultRules.join(', ')}` } : {};
  return { verdict: 'missed', ...unnamed, ...wide };
}

export function operationsMatrix(plan: MatrixPlan, outcomes: readonly FaultOutcome[]): OperationsMatrix {
  // A fault paired with several variants counts once: caught only if caught beside every one.
  const byFault = new Map<string, FaultOutcome>();
  for (const o of outcomes) if (!byFault.has(o.fault) || !o.ownRuleCaught) byFault.set(o.fault, o);
  const rows = plan.rows.map((row) => ({
    route: row.route,
    family: row.family,
    cells: row.cells.map((cell): MatrixCellResult => {
      if ('reason' in cell) return { column: cell.column, verdict: 'n/a', reason: cell.reason };
      const { column, rule, fault } = cell;
      return { column, rule, fault, ...verdictOf(byFault.get(fault), row.family) };
    }),
  }));
  return withTally(plan.columns, rows);
}

/** The matrix with its tally by rule: the faults of each rule run, and those caught by it. */
function withTally(columns: MatrixPlan['columns'], rows: OperationsMatrix['rows']): OperationsMatrix {
  const tally = new Map<string, { caught: number; run: number }>();
  for (const cell of rows.flatMap((r) => r.cells)) {
    if (cell.rule === undefined || cell.verdict === 'not run') continue;
    const t = tally.get(cell.rule) ?? { caught: 0, run: 0 };
    t.run += 1;
    if (cell.verdict === 'caught') t.caught += 1;
    tally.set(cell.rule, t);
  }
  return {
    columns: columns.map((c) => ({ ...c })),
    rows,
    byRule: [...tally].map(([rule, t]) => ({ rule, ...t })).sort((a, b) => a.rule.localeCompare(b.rule)),
  };
}

/**
 * Several campaigns' matrices as one, each cell from the latest campaign that ran its fault: a
 * campaign run a part at a time (`--family`) still gives the whole matrix.
 */
export function mergeMatrices(matrices: readonly OperationsMatrix[]): OperationsMatrix {
  const [first, ...rest] = matrices;
  if (!first) throw new Error('no operations matrix to merge');
  const rows = first.rows.map((row) => ({
    ...row,
    cells: row.cells.map((cell) => {
      let latest = cell;
      for (const m of rest) {
        const other = m.rows.find((r) => r.route === row.route)?.cells.find((c) => c.column === cell.column);
        if (other && other.verdict !== 'not run') latest = other;
      }
      return latest;
    }),
  }));
  return withTally(first.columns, rows);
}

/** The tally by rule, for the console: caught by its own rule of the faults run. */
export function renderByRule(matrix: OperationsMatrix): string {
  const width = Math.max(4, ...matrix.byRule.map((r) => r.rule.length));
  const caught = matrix.byRule.reduce((n, r) => n + r.caught, 0);
  const run = matrix.byRule.reduce((n, r) => n + r.run, 0);
  return [
    `operations matrix: ${caught} of ${run} faults per operation caught by their own rule`,
    ...matrix.byRule.map((r) => `  ${r.rule.padEnd(width)}  ${r.caught}/${r.run}`),
    '',
  ].join('\n');
}
