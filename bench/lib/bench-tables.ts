/** The rows of `npm run bench`'s tables, shared by the console and RESULTS.md. */
import type { Row } from './table.js';
import { mib, seconds } from './table.js';
import type { BenchFigures, TargetVerdict } from './targets.js';
import type { RunMeasurement } from './measure-run.js';

export const RUN_HEADER: Row = [
  'run',
  'wall',
  'plan',
  'suites',
  'requests',
  'checks p/f/w/s',
  'unprovoked 429',
  'exit',
  'peak RSS (process)',
];

function runRow(label: string, r: RunMeasurement): Row {
  const c = r.counts;
  return [
    label,
    seconds(r.wallMs),
    seconds(r.planMs),
    seconds(r.suiteMs),
    r.requests,
    `${c.passed}/${c.failed}/${c.warning}/${c.skipped}`,
    `${r.unprovoked429.count}+${r.unprovoked429.budgetTimeouts}`,
    r.exitCode,
    mib(r.maxRssKiB),
  ];
}

export function runRows(f: BenchFigures): Row[] {
  const rows: Row[] = [];
  if (f.smoke) rows.push(runRow('smoke', f.smoke));
  if (f.smokeProduction) rows.push(runRow('smoke, production profile, tier low, 80 ms round trip', f.smokeProduction));
  if (f.smokeConfirmed)
    rows.push(runRow('smoke, production profile, tier low, 80 ms, two 503s confirmed transient', f.smokeConfirmed));
  if (f.conformance) rows.push(runRow('conformance (full run)', f.conformance));
  if (f.certification) rows.push(runRow('certification (tier high, default data)', f.certification));
  if (f.scale)
    rows.push(
      runRow(`certification, ${f.scale.data?.enrollments} enrollments / ${f.scale.data?.providers} providers`, f.scale),
    );
  if (f.tiers.medium) rows.push(runRow('certification (tier medium)', f.tiers.medium));
  if (f.tiers.low) rows.push(runRow('certification (tier low)', f.tiers.low));
  return rows;
}

export const CAMPAIGN_HEADER: Row = [
  'campaign',
  'wall',
  'lanes',
  'scope',
  'caught',
  'own rule',
  'false failures',
  'requests (all runs)',
  'requests / caught fault (full run)',
  'requests / caught fault (campaign)',
];

export function campaignRows(f: BenchFigures): Row[] {
  const c = f.campaign;
  if (!c) return [];
  const perCaught = (n: number) => (c.caught ? (n / c.caught).toFixed(1) : '-');
  return [
    [
      'mutation',
      seconds(c.wallMs),
      c.lanes,
      c.scope,
      `${c.caught}/${c.faults}`,
      c.ownRule,
      c.falseFailures,
      c.totalRequests,
      perCaught(f.conformance?.requests ?? c.cleanRequests),
      perCaught(c.totalRequests),
    ],
  ];
}

export const TARGET_HEADER: Row = ['target', 'figure', 'met'];

export function targetRows(verdicts: readonly TargetVerdict[]): Row[] {
  return verdicts.map((v) => [v.target, v.figure, v.met === 'not measured' ? 'not measured' : v.met ? 'yes' : 'NO']);
}
