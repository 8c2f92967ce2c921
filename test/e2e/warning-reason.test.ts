/**
 * A failed inferred rule, end to end through the CLI (the reference server with a fault that
 * breaks one, served as a remote target): a lenient run warns, exit 0, and says why beside the
 * warning (console, summary.json); a target profile with `"strict": true` makes the same run fail,
 * exit 1, as `--strict` does, with no reason to warn left on the finding.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRules } from '../../harness/rules.js';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { readSummary, referenceProfileAt, runCli, saveEnv, scratch } from './cli.js';

const RULE = 'PROVIDERS-NAME-ROUND-TRIP';
const FAULT = 'providers-apostrophe-unmatched';
const tmp = scratch('warning-reason');
const keys = referenceKeyEnv();
const restoreEnv = saveEnv(Object.keys(keys));
let faulty: { url: string; close(): Promise<void> };

beforeAll(async () => {
  Object.assign(process.env, keys);
  faulty = await startReferenceServer({ port: 0, fault: FAULT });
});
afterAll(async () => {
  await faulty?.close();
  restoreEnv();
  tmp.dispose();
});

const reason = `${RULE} is inferred: ${loadRules().byId(RULE)!.warning_reason}`;

async function run(name: string, strict?: true) {
  const profile = referenceProfileAt(tmp.path(`${name}.json`), faulty.url, { name });
  if (strict) writeFileSync(profile, JSON.stringify({ ...JSON.parse(readFileSync(profile, 'utf8')), strict }));
  const dir = tmp.path(name);
  const argv = ['run', '--target', profile, '--family', 'reference', '--rule', RULE];
  const result = await runCli([...argv, '--report-dir', dir]);
  const finding = readSummary(dir).findings.find((f) => f.rules.includes(RULE) && f.verdict !== 'passed')!;
  return { result, finding };
}

describe('a failed inferred rule', () => {
  it('warns with its reason beside it (console and summary.json), and the run passes', async () => {
    const { result, finding } = await run('lenient');
    expect(result.code, result.err).toBe(0);
    expect(finding).toMatchObject({ verdict: 'warning', warningReason: reason });
    expect(result.out).toContain(`      why only a warning: ${reason}`);
  }, 120_000);

  it('fails the run when the target profile says "strict": true, as --strict does', async () => {
    const { result, finding } = await run('strict', true);
    expect(result.code, result.err).toBe(1);
    expect(finding.verdict).toBe('failed');
    expect(finding).not.toHaveProperty('warningReason');
    expect(result.out).not.toContain('why only a warning');
  }, 120_000);
});
