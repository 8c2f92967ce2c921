/**
 * The command line as its users run it, for end-to-end tests: `main(argv, io)` in this process
 * with its output captured, target-profile files for local servers, and the reports it wrote.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../cli/main.js';
import { journalIn, readJournal } from '../../harness/client/journal.js';
import { BUDGET_TIMEOUT } from '../../harness/client/errors.js';
import type { Finding, JournalEntry } from '../../harness/model.js';
import { referenceProfilePath } from '../../harness/profile.js';
import type { TargetProfile } from '../../harness/run-config.js';
import type { RunSummary } from '../../reports/types.js';

export interface CliResult {
  code: number;
  out: string;
  err: string;
  ms: number;
}

export async function runCli(argv: string[]): Promise<CliResult> {
  let out = '';
  let err = '';
  const start = performance.now();
  const code = await main(argv, {
    out: { write: (s: string) => (out += s) },
    err: { write: (s: string) => (err += s) },
  });
  return { code, out, err, ms: Math.round(performance.now() - start) };
}

/** A scratch folder removed by `dispose()`. */
export function scratch(prefix: string): { dir: string; path(...parts: string[]): string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { dir, path: (...parts) => join(dir, ...parts), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Key variables of the local target profiles; values are set by each test (every role a profile names must be set). */
export const LOCAL_KEYS: TargetProfile['keys'] = {
  approved: { env: 'E2E_KEY_APPROVED', tier: 'high' },
};

/** LOCAL_KEYS and a low-tier key, for the tests that set E2E_KEY_TIER_LOW too. */
export const LOCAL_KEYS_WITH_TIER_LOW: TargetProfile['keys'] = {
  ...LOCAL_KEYS,
  tierLow: { env: 'E2E_KEY_TIER_LOW', tier: 'low' },
};

/** Writes a target profile for a local server and returns its path. */
export function writeProfile(path: string, baseUrl: string, extra: Partial<TargetProfile> = {}): string {
  const profile = {
    name: 'local',
    baseUrl,
    requestTimeoutMs: 1_000,
    asyncTimeoutMs: 1_000,
    keys: LOCAL_KEYS,
    fixtures: {},
    ...extra,
  };
  writeFileSync(path, JSON.stringify(profile, null, 2));
  return path;
}

/**
 * The current values of the environment variables `names` (a test sets its own keys); the
 * returned function puts them back, `only` some of them when given, deleting one that was unset.
 */
export function saveEnv(names: readonly string[]): (only?: readonly string[]) => void {
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  return (only = names) => {
    for (const name of only) {
      const value = saved.get(name);
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/**
 * The reference server's own profile pointed at `url` (a served reference server), written to
 * `path`, with only the key roles `roles` (default all) and `fixtures` instead of its own when given.
 */
export function referenceProfileAt(
  path: string,
  url: string,
  options: { name?: string; roles?: readonly string[]; fixtures?: Record<string, unknown> } = {},
): string {
  const reference = JSON.parse(readFileSync(referenceProfilePath(), 'utf8')) as Record<string, unknown> & {
    keys: Record<string, unknown>;
  };
  delete reference.$schema;
  const keys = Object.entries(reference.keys).filter(([role]) => !options.roles || options.roles.includes(role));
  writeFileSync(
    path,
    JSON.stringify({
      ...reference,
      ...(options.name ? { name: options.name } : {}),
      baseUrl: url,
      legacyBaseUrl: url,
      medicareBaseUrl: url,
      keys: Object.fromEntries(keys),
      ...(options.fixtures ? { fixtures: options.fixtures } : {}),
    }),
  );
  return path;
}

export function readSummary(reportDir: string): RunSummary {
  return JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as RunSummary;
}

export const failedFindings = (summary: RunSummary): Finding[] =>
  summary.findings.filter((f) => f.verdict === 'failed');

/** Every exchange the run recorded (each finding keeps those of its check). */
/**
 * Every exchange the checks' findings show. The run-wide checks (family `contract`) are left out:
 * they send nothing and cite, as their proof, exchanges of the run's other checks.
 */
export const allExchanges = (summary: RunSummary) =>
  summary.findings.filter((f) => f.family !== 'contract').flatMap((f) => f.exchanges);

/** The run's journal: every request that left the client (one held back for its rate budget never did). */
export const journalOf = (reportDir: string): JournalEntry[] =>
  readJournal(journalIn(reportDir)).filter((e) => e.exchange.error !== BUDGET_TIMEOUT);
