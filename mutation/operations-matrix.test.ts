/**
 * The operations matrix: each cell's verdict from its fault's outcome (caught only by its own
 * rule; a certain miss says no check names the rule), the tally by rule, parts of a campaign
 * merged into one matrix, and the page that shows it.
 */
import { describe, expect, it } from 'vitest';
import { countVerdicts } from '../reports/summary.js';
import { renderOperationsMarkdown } from './operations-markdown.js';
import { mergeMatrices, operationsMatrix, renderByRule, type MatrixPlan } from './operations-matrix.js';
import type { FaultOutcome } from './outcome.js';

const PLAN: MatrixPlan = {
  columns: [
    { id: 'keyless', heading: 'no key' },
    { id: 'limited', heading: '429' },
  ],
  rows: [
    {
      route: 'GET /v1/ping',
      family: 'utility',
      cells: [
        { column: 'keyless', rule: 'AUTH-MISSING-KEY-403', fault: 'k-ping' },
        { column: 'limited', rule: 'RATE-429-TIER', fault: 'l-ping' },
      ],
    },
    {
      route: 'GET /api/v1/plans/{hios_id}',
      family: 'legacy-ichra',
      cells: [
        { column: 'keyless', rule: 'AUTH-MISSING-KEY-403', fault: 'k-plan' },
        { column: 'limited', reason: 'RATE-429-TIER holds for utility only (specs/rules.json)' },
      ],
    },
  ],
};

/**
 * An outcome whose checks passed `passed` times and failed naming `failing`; missed, it is the
 * family's whole run (`widened`), after a first run in which no check held the rule when `passed` is 0.
 */
function outcome(fault: string, rule: string, failing: string[], passed = 1): FaultOutcome {
  const counts = { ...countVerdicts([]), passed, failed: failing.length ? 1 : 0 };
  const missed = failing.includes(rule)
    ? {}
    : { widened: true as const, ...(passed ? {} : { unnamed: true as const }) };
  return {
    ...missed,
    fault,
    family: 'utility',
    faultRules: [rule],
    caught: failing.length > 0,
    ownRuleCaught: failing.includes(rule),
    failingRules: failing,
    catches: [],
    counts,
    durationMs: 1,
  };
}

describe('the operations matrix', () => {
  it('gives each cell the verdict of its fault, by its own rule only', () => {
    const matrix = operationsMatrix(PLAN, [
      outcome('k-ping', 'AUTH-MISSING-KEY-403', ['AUTH-MISSING-KEY-403']),
      outcome('l-ping', 'RATE-429-TIER', ['EDGE-NO-5XX']),
      outcome('k-plan', 'AUTH-MISSING-KEY-403', [], 0),
    ]);
    expect(matrix.rows.map((r) => r.cells.map((c) => c.verdict))).toEqual([
      ['caught', 'other rule'],
      ['missed', 'n/a'],
    ]);
    expect(matrix.rows[1]!.cells[0]!.reason).toBe('no check of legacy-ichra names AUTH-MISSING-KEY-403');
    expect(matrix.rows[0]!.cells[1]!.failingRules).toEqual(['EDGE-NO-5XX']);
    expect(matrix.byRule).toEqual([
      { rule: 'AUTH-MISSING-KEY-403', caught: 1, run: 2 },
      { rule: 'RATE-429-TIER', caught: 0, run: 1 },
    ]);
    expect(renderByRule(matrix)).toContain('1 of 3 faults per operation caught by their own rule');
  });

  it('counts a fault left out of the campaign as not run, and a part run later fills it', () => {
    const first = operationsMatrix(PLAN, [outcome('k-ping', 'AUTH-MISSING-KEY-403', [])]);
    expect(first.rows[1]!.cells[0]!.verdict).toBe('not run');
    expect(first.byRule).toEqual([{ rule: 'AUTH-MISSING-KEY-403', caught: 0, run: 1 }]);
    const later = operationsMatrix(PLAN, [
      outcome('k-plan', 'AUTH-MISSING-KEY-403', ['AUTH-MISSING-KEY-403']),
      outcome('l-ping', 'RATE-429-TIER', ['RATE-429-TIER']),
    ]);
    const merged = mergeMatrices([first, later]);
    expect(merged.rows.map((r) => r.cells.map((c) => c.verdict))).toEqual([
      ['missed', 'caught'],
      ['caught', 'n/a'],
    ]);
    expect(merged.byRule).toEqual([
      { rule: 'AUTH-MISSING-KEY-403', caught: 1, run: 2 },
      { rule: 'RATE-429-TIER', caught: 1, run: 1 },
    ]);
  });

  it('shows every operation by every column, with the reason of each empty cell under the table', () => {
    const matrix = operationsMatrix(PLAN, [
      outcome('k-ping', 'AUTH-MISSING-KEY-403', ['AUTH-MISSING-KEY-403']),
      outcome('l-ping', 'RATE-429-TIER', ['EDGE-NO-5XX']),
      outcome('k-plan', 'AUTH-MISSING-KEY-403', [], 0),
    ]);
    const page = renderOperationsMarkdown(matrix, [{ campaignId: 'c1', startedAt: '2026-11-28T06:00:00Z', seed: 1 }]);
    expect(page).toContain('| operation | no key | 429 |');
    expect(page).toContain('| `GET /v1/ping` | caught | other rule (EDGE-NO-5XX) (family run) |');
    expect(page).toContain('| `GET /api/v1/plans/{hios_id}` | **missed** [1] | n/a [2] |');
    expect(page).toContain('[1] no check of legacy-ichra names AUTH-MISSING-KEY-403');
    expect(page).toContain('[2] RATE-429-TIER holds for utility only (specs/rules.json)');
    expect(page).toContain('**Caught by its own rule: 1 of 3 faults.**');
    expect(page).toContain('campaign c1 (2026-11-28, seed 1)');
  });
});
