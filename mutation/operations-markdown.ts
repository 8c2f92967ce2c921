/**
 * The operations matrix as a markdown page: the tally by rule, then every operation by every
 * column, a reason under the table for each cell that is not applicable or certainly missed.
 * The campaign writes it beside mutation.json; `npm run docs:operations-matrix` writes
 * docs/operations-matrix.md from one campaign or several parts of one.
 */
import type { CellVerdict, MatrixCellResult, OperationsMatrix } from './operations-matrix.js';

/** The campaigns a page was made from. */
export interface MatrixSource {
  campaignId: string;
  startedAt: string;
  seed: number;
}

const WORDS: Record<CellVerdict, string> = {
  caught: 'caught',
  'other rule': 'other rule',
  missed: '**missed**',
  error: '**error**',
  'not run': 'not run',
  'n/a': 'n/a',
};

export function renderOperationsMarkdown(matrix: OperationsMatrix, sources: readonly MatrixSource[]): string {
  const reasons: string[] = [];
  const noteOf = (reason: string): number => {
    const at = reasons.indexOf(reason);
    return at >= 0 ? at + 1 : reasons.push(reason);
  };
  const cellText = (cell: MatrixCellResult | undefined): string => {
    if (!cell) return '';
    const note = cell.reason !== undefined && cell.verdict !== 'error' ? ` [${noteOf(cell.reason)}]` : '';
    const by = cell.verdict === 'other rule' ? ` (${cell.failingRules?.join(', ')})` : '';
    const wide = cell.widened && cell.verdict !== 'missed' ? ' (family run)' : '';
    return `${WORDS[cell.verdict]}${by}${wide}${note}`;
  };
  const caught = matrix.byRule.reduce((n, r) => n + r.caught, 0);
  const run = matrix.byRule.reduce((n, r) => n + r.run, 0);
  const lines = [
    '# Operations by rule',
    '',
    'Every operation of the reference server by every rule that holds on every operation. Each',
    "cell is one fault, generated from the server's route table (`reference/faults/operations/`),",
    "that breaks the column's rule on that operation alone; `mutation --scope operations` runs it",
    "against the checks of the operation's family that name the rule. **caught**: one of them",
    'failed naming the rule. **missed**: none failed. **other rule**: checks failed naming other',
    "rules only. **(family run)**: the checks naming the rule missed it, and the family's whole",
    'run (a rule judged over every exchange of the run) gave the verdict. **n/a**: the operation',
    'cannot break the rule, or the catalogue does not hold its family to it (the reason is under',
    'the table).',
    '',
    `From ${sources.map((s) => `campaign ${s.campaignId} (${s.startedAt.slice(0, 10)}, seed ${s.seed})`).join(', ')}.`,
    '',
    `**Caught by its own rule: ${caught} of ${run} faults.**`,
    '',
    '| rule | caught | of |',
    '|---|---|---|',
    ...matrix.byRule.map((r) => `| ${r.rule} | ${r.caught} | ${r.run} |`),
    '',
    `| operation | ${matrix.columns.map((c) => c.heading).join(' | ')} |`,
    `|---|${matrix.columns.map(() => '---').join('|')}|`,
    ...matrix.rows.map((row) => {
      const cells = matrix.columns.map((c) => cellText(row.cells.find((x) => x.column === c.id)));
      return `| \`${row.route}\` | ${cells.join(' | ')} |`;
    }),
    '',
  ];
  if (reasons.length)
    lines.push(
      ...reasons
        .map((r, i) => `[${i + 1}] ${r}`)
        .join('\n\n')
        .split('\n'),
      '',
    );
  return lines.join('\n');
}
