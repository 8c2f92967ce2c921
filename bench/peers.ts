/**
 * `npm run bench:peers`: this suite, Schemathesis and Specmatic against the same reference
 * server and the same spec (specs/partner-api.yaml), clean and with each fault of a sample.
 * For each tool: faults caught, false failures on the clean server, requests sent (counted at
 * the server), wall time. Prints the table, writes peers.json (default reports/out/bench/).
 * The peers install under .peers/ (git-ignored) and never become dependencies of the product.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportReferenceKeys } from '../engine/embedded.js';
import { listFaults, referenceKeyEnv, startReferenceServer } from '../reference/server.js';
import { machine } from './lib/machine.js';
import { measureCampaign } from './lib/measure-campaign.js';
import { renderTable, seconds } from './lib/table.js';
import { sampleFaults, type SampleChoice } from './peers/sample.js';
import { schemathesis } from './peers/schemathesis.js';
import { specmatic } from './peers/specmatic.js';
import type { PeerTool } from './peers/tool.js';

export const PEERS_FORMAT = 'partner-conformance.peers/1';

const { values: flags } = parseArgs({
  options: {
    faults: { type: 'string' },
    all: { type: 'boolean' },
    tools: { type: 'string', default: 'suite,schemathesis,specmatic' },
    'max-examples': { type: 'string', default: '10' },
    lanes: { type: 'string', default: '2' },
    'report-dir': { type: 'string', default: 'reports/out/bench' },
    help: { type: 'boolean' },
  },
});

const HELP = `npm run bench:peers -- [flags]

  --faults <n>        the first n faults of the stratified order (default: one per rule area)
  --all               every fault of the /v1 spec's families
  --tools <list>      suite,schemathesis,specmatic (default all three)
  --max-examples <n>  Schemathesis examples per operation and phase (default 10)
  --lanes <n>         lanes of this suite's campaign (default 2)
  --report-dir <d>    where peers.json goes (default reports/out/bench)
`;

interface ToolResult {
  tool: string;
  version: string;
  config: Record<string, unknown>;
  skipped?: string;
  clean?: {
    signatures: string[];
    requests: number;
    wallMs: number;
    rateLimited: number;
    inconclusive?: string[];
    error?: string;
  };
  faults: Array<{
    fault: string;
    caught: boolean;
    newSignatures: string[];
    requests: number;
    wallMs: number;
    rateLimited: number;
    error?: string;
  }>;
  summary?: { caught: number; total: number; falseFailures: number; requests: number; wallMs: number; lanes: number };
}

/** The approved sandbox key: the peers authenticate as the suite's main role does. */
function approvedKey(): string {
  const value = referenceKeyEnv().PARTNER_KEY_APPROVED;
  if (!value) throw new Error('the reference server has no approved key (PARTNER_KEY_APPROVED)');
  return value;
}

async function racePeer(tool: PeerTool, faults: ReturnType<typeof sampleFaults>, dir: string): Promise<ToolResult> {
  const result: ToolResult = { tool: tool.name, version: '', config: tool.config, faults: [] };
  const reason = await tool.prepare();
  if (reason) {
    process.stderr.write(`peers: ${reason}\n`);
    return { ...result, skipped: reason };
  }
  result.version = await tool.version();
  const key = approvedKey();
  const once = async (fault: string | undefined) => {
    let requests = 0;
    const server = await startReferenceServer({ fault, onRequest: () => void requests++ });
    const workDir = join(dir, tool.name, fault ?? 'clean');
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
    const started = performance.now();
    try {
      const run = await tool.run(server.url, key, workDir);
      return { ...run, requests, wallMs: performance.now() - started };
    } finally {
      await server.close();
    }
  };
  const clean = await once(undefined);
  result.clean = {
    signatures: clean.signatures,
    requests: clean.requests,
    wallMs: clean.wallMs,
    rateLimited: clean.rateLimited,
    ...(clean.inconclusive ? { inconclusive: clean.inconclusive } : {}),
    ...(clean.error ? { error: clean.error } : {}),
  };
  process.stderr.write(
    `peers: ${tool.name} clean: ${clean.signatures.length} failures, ${clean.requests} ` +
      `requests, ${seconds(clean.wallMs)}\n`,
  );
  const baseline = new Set(clean.signatures);
  // A scenario the clean run could not show (429) has no baseline: its failures prove nothing.
  const unknown = new Set(clean.inconclusive ?? []);
  const compared = (signature: string) => !unknown.has(signature.split(' | ')[0]!);
  for (const [i, fault] of faults.entries()) {
    const run = await once(fault.name);
    const fresh = run.signatures.filter((s) => !baseline.has(s) && compared(s));
    result.faults.push({
      fault: fault.name,
      caught: fresh.length > 0,
      newSignatures: fresh.slice(0, 5),
      requests: run.requests,
      wallMs: run.wallMs,
      rateLimited: run.rateLimited,
      ...(run.error ? { error: run.error } : {}),
    });
    process.stderr.write(
      `peers: ${tool.name} ` +
        `[${i + 1}/${faults.length}] ${fault.name}: ${fresh.length > 0 ? 'caught' : 'not caught'} ` +
        `(${run.requests} requests, ${seconds(run.wallMs)})\n`,
    );
  }
  const all = [clean, ...result.faults];
  result.summary = {
    caught: result.faults.filter((f) => f.caught).length,
    total: faults.length,
    falseFailures: clean.signatures.length,
    requests: all.reduce((a, r) => a + r.requests, 0),
    wallMs: all.reduce((a, r) => a + r.wallMs, 0),
    lanes: 1,
  };
  return result;
}

async function raceSuite(faults: ReturnType<typeof sampleFaults>, dir: string, lanes: number): Promise<ToolResult> {
  const io = { out: { write: (t: string) => process.stderr.write(`peers: suite ${t}`) }, err: process.stderr };
  const m = await measureCampaign({
    faults,
    lanes,
    scope: 'all',
    seed: 1,
    runs: 10,
    reportDir: join(dir, 'suite'),
    io,
  });
  return {
    tool: 'this suite',
    version: 'working tree',
    config: {
      command: 'the mutation campaign API (npm run mutation) over the sample, scope all, seed 1, 10 runs per property',
      auth: 'the reference profile: every key role',
      lanes,
    },
    clean: {
      signatures: m.result.clean.falseFailures.map((f) => `[${f.family}] ${f.check}`),
      requests: m.cleanRequests,
      wallMs: m.result.clean.durationMs,
      rateLimited: 0,
    },
    faults: m.result.faults.map((f) => ({
      fault: f.fault,
      caught: f.caught,
      newSignatures: f.failingRules.slice(0, 5),
      requests: m.requestsByFault[f.fault] ?? 0,
      wallMs: f.durationMs,
      rateLimited: 0,
      ...(f.error ? { error: f.error } : {}),
    })),
    summary: {
      caught: m.caught,
      total: m.faults,
      falseFailures: m.falseFailures,
      requests: m.totalRequests,
      wallMs: m.wallMs,
      lanes: m.lanes,
    },
  };
}

async function main(): Promise<number> {
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const choice: SampleChoice = {
    size: flags.all ? 'all' : flags.faults ? Math.max(1, Number(flags.faults) || 1) : 'one-per-area',
  };
  // The faults generated per operation are a campaign scope of their own, not a sample of rule areas.
  const faults = sampleFaults(
    listFaults().filter((f) => f.cell === undefined),
    choice,
  );
  const dir = resolve(flags['report-dir']!);
  const work = resolve('.peers', 'runs');
  await mkdir(dir, { recursive: true });
  await exportReferenceKeys();
  const tools = flags.tools!.split(',').map((t) => t.trim());
  process.stderr.write(
    `peers: ${faults.length} faults ` +
      `(${choice.size === 'one-per-area' ? 'one per rule area' : choice.size}), tools ${tools.join(', ')}\n`,
  );
  const results: ToolResult[] = [];
  // Tools not run this time keep their results from an earlier run of the same sample.
  const earlier = await readEarlier(
    join(dir, 'peers.json'),
    faults.map((f) => f.name),
    tools,
  );
  const write = () =>
    writeFile(
      join(dir, 'peers.json'),
      `${JSON.stringify(
        {
          format: PEERS_FORMAT,
          date: new Date().toISOString(),
          machine: machine(),
          spec: 'specs/partner-api.yaml',
          sample: { choice: choice.size, faults: faults.map((f) => f.name) },
          results: [...earlier, ...results],
        },
        null,
        2,
      )}\n`,
    );
  if (tools.includes('suite')) {
    results.push(await raceSuite(faults, work, Math.max(1, Number(flags.lanes) || 2)));
    await write();
  }
  const maxExamples = Math.max(1, Number(flags['max-examples']) || 10);
  const peers: PeerTool[] = [schemathesis({ maxExamples, rateLimit: '10/s' }), specmatic()].filter((t) =>
    tools.includes(t.name),
  );
  for (const tool of peers) {
    results.push(await racePeer(tool, faults, work));
    await write();
  }
  process.stdout.write(
    `\n${renderTable(PEERS_HEADER, [...earlier, ...results].map(peerRow))}\n\nwritten: ${join(dir, 'peers.json')}\n`,
  );
  return 0;
}

async function readEarlier(path: string, faults: string[], running: string[]): Promise<ToolResult[]> {
  try {
    const old = JSON.parse(await readFile(path, 'utf8')) as { sample: { faults: string[] }; results: ToolResult[] };
    if (old.sample.faults.join(',') !== faults.join(',')) return [];
    const key = (t: string) => (t === 'this suite' ? 'suite' : t);
    return old.results.filter((r) => !running.includes(key(r.tool)));
  } catch {
    return [];
  }
}

export const PEERS_HEADER = [
  'tool',
  'faults caught',
  'false failures (clean)',
  'requests (all runs)',
  'requests / run',
  'wall (all runs)',
  'lanes',
  'note',
];

export function peerRow(r: ToolResult): Array<string | number> {
  if (!r.summary) return [r.tool, '-', '-', '-', '-', '-', '-', r.skipped ?? 'no result'];
  const s = r.summary;
  const rateLimited = [r.clean, ...r.faults].reduce((a, x) => a + (x?.rateLimited ?? 0), 0);
  return [
    r.tool,
    `${s.caught}/${s.total}`,
    s.falseFailures,
    s.requests,
    Math.round(s.requests / (s.total + 1)),
    seconds(s.wallMs),
    s.lanes,
    rateLimited ? `${rateLimited} scenarios answered 429 (not compared)` : '',
  ];
}

main().then(
  (code) => {
    process.exitCode = code;
    setTimeout(() => process.exit(code), 2_000).unref();
  },
  (err: unknown) => {
    process.stderr.write(`bench:peers failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(3);
  },
);
