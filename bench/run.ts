/**
 * `npm run bench`: wall time, requests and memory of the smoke, conformance and certification
 * runs on the embedded reference server; the certification run per tier of the approved key
 * and on a big data set; the mutation campaign's time and score. Prints the tables and writes
 * bench.json (default reports/out/bench/). Method: bench/README.md.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { listFaults } from '../reference/server.js';
import { measureCampaign } from './lib/measure-campaign.js';
import { measureRun, type RunRequest, type Tier } from './lib/measure-run.js';
import { measureProductionSmoke } from './lib/measure-monitor.js';
import { machine } from './lib/machine.js';
import { measureStartup } from './lib/startup.js';
import { campaignRows, CAMPAIGN_HEADER, runRows, RUN_HEADER, targetRows, TARGET_HEADER } from './lib/bench-tables.js';
import { renderTable } from './lib/table.js';
import { judgeTargets, type BenchFigures } from './lib/targets.js';

export const BENCH_FORMAT = 'partner-conformance.bench/1';

/** The round trip the production smoke row adds to every answer. */
export const PRODUCTION_RTT_MS = 80;

/** The scale run's data set (issue section 4). */
export const SCALE_DATA = { enrollments: 10_000, providers: 100_000 };

const HELP = `npm run bench -- [flags]

  --smoke-only      only the smoke runs (the embedded one, and the production profile through an 80 ms proxy)
  --skip-mutation   leave out the mutation campaign (the longest part)
  --skip-tiers      leave out the certification runs at tier low and medium (tier low takes minutes)
  --skip-scale      leave out the certification run on the big data set
  --lanes <n>       campaign lanes (default 8)
  --scope <s>       campaign scope: all (default) | family
  --seed <int>      fast-check seed of every run (default 1, so runs are comparable)
  --report-dir <d>  where bench.json and each run's reports go (default reports/out/bench)
`;

const { values: flags } = parseArgs({
  options: {
    'smoke-only': { type: 'boolean' },
    'skip-mutation': { type: 'boolean' },
    'skip-tiers': { type: 'boolean' },
    'skip-scale': { type: 'boolean' },
    lanes: { type: 'string', default: '8' },
    scope: { type: 'string', default: 'all' },
    seed: { type: 'string', default: '1' },
    'report-dir': { type: 'string', default: 'reports/out/bench' },
    help: { type: 'boolean' },
  },
});

async function main(): Promise<number> {
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const scope = flags.scope === 'family' ? 'family' : 'all';
  const lanes = Math.max(1, Math.min(8, Number(flags.lanes) || 8));
  const seed = Number(flags.seed) || 1;
  const dir = resolve(flags['report-dir']!);
  await mkdir(dir, { recursive: true });
  const figures: BenchFigures = { tiers: {} };
  const startup = await measureStartup();
  const log = (text: string) => process.stderr.write(`bench: ${text}\n`);
  const write = async () => {
    const out = {
      format: BENCH_FORMAT,
      date: new Date().toISOString(),
      machine: machine(),
      seed,
      startup,
      ...figures,
      campaign: figures.campaign && { ...figures.campaign, result: undefined },
      targets: judgeTargets(figures),
      maxRssKiB: process.resourceUsage().maxRSS,
    };
    await writeFile(join(dir, 'bench.json'), `${JSON.stringify(out, null, 2)}\n`);
  };
  const run = async (req: Omit<RunRequest, 'reportDir' | 'seed'>, slug: string) => {
    log(`${req.label}...`);
    // A report folder is one run's (E_REPORT_DIR_IN_USE): the previous bench's run of this row makes way.
    await rm(join(dir, slug), { recursive: true, force: true });
    const m = await measureRun({ ...req, seed, reportDir: join(dir, slug) });
    log(`${req.label}: ${(m.wallMs / 1000).toFixed(1)} s, ${m.requests} requests, exit ${m.exitCode}`);
    return m;
  };

  figures.smoke = await run({ label: 'smoke', profile: 'smoke' }, 'smoke');
  await write();
  const monitored = async (label: string, slug: string, blips?: string[]) => {
    log(`${label}...`);
    // The bench owns its folders: the last bench's reports make way (a run refuses a used folder).
    await rm(join(dir, slug), { recursive: true, force: true });
    const m = await measureProductionSmoke({
      label,
      reportDir: join(dir, slug),
      seed,
      rttMs: PRODUCTION_RTT_MS,
      blips,
    });
    log(`${label}: ${(m.wallMs / 1000).toFixed(1)} s, ${m.requests} requests, exit ${m.exitCode}`);
    return m;
  };
  figures.smokeProduction = await monitored('smoke, production profile, 80 ms', 'smoke-production');
  figures.smokeConfirmed = await monitored('smoke, production profile, two blips', 'smoke-confirmed', [
    '/v1/reference/counties',
    '/v1/enrollments',
  ]);
  await write();
  if (flags['smoke-only']) return report(figures, dir, startup);
  figures.conformance = await run({ label: 'conformance', profile: 'conformance' }, 'conformance');
  await write();
  figures.certification = await run({ label: 'certification', profile: 'certification' }, 'certification');
  // The default profile's approved key is tier high on the server too: that run is the tier-high figure.
  figures.tiers.high = figures.certification;
  await write();
  if (!flags['skip-scale'])
    figures.scale = await run(
      {
        label: `certification, ${SCALE_DATA.enrollments} enrollments / ${SCALE_DATA.providers} providers`,
        profile: 'certification',
        data: SCALE_DATA,
      },
      'scale',
    );
  if (!flags['skip-mutation']) {
    // The faults generated per operation have a campaign scope of their own (mutation --scope operations).
    const faults = listFaults().filter((f) => f.cell === undefined);
    log(`mutation campaign: ${faults.length} faults, ${lanes} lanes, scope ${scope}...`);
    figures.campaign = await measureCampaign({
      faults,
      lanes,
      scope,
      seed,
      runs: 10,
      reportDir: join(dir, 'mutation'),
      io: { out: { write: (t: string) => process.stderr.write(t) }, err: process.stderr },
    });
    await writeFile(join(dir, 'mutation', 'mutation.json'), `${JSON.stringify(figures.campaign.result, null, 2)}\n`);
    await write();
  }
  if (!flags['skip-tiers']) {
    for (const tier of ['medium', 'low'] as Tier[]) {
      figures.tiers[tier] = await run(
        { label: `certification (tier ${tier})`, profile: 'certification', approvedTier: tier },
        `tier-${tier}`,
      );
      await write();
    }
  }
  await write();
  return report(figures, dir, startup);
}

function report(figures: BenchFigures, dir: string, startup: { cliVersionMs: number }): number {
  const out = process.stdout;
  out.write(
    `\nmachine: ${machine().cpus} cores, Node ${process.version}; process start-up (CLI ` +
      `--version): ${(startup.cliVersionMs / 1000).toFixed(1)} s\n\n`,
  );
  out.write(`${renderTable(RUN_HEADER, runRows(figures))}\n\n`);
  if (figures.campaign) out.write(`${renderTable(CAMPAIGN_HEADER, campaignRows(figures))}\n\n`);
  out.write(`${renderTable(TARGET_HEADER, targetRows(judgeTargets(figures)))}\n\n`);
  out.write(`written: ${join(dir, 'bench.json')}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
    // A handle left open by a dependency must not keep a finished benchmark alive.
    setTimeout(() => process.exit(code), 2_000).unref();
  },
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(3);
  },
);
