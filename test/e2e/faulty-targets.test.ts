/**
 * Faulty targets (issue "Ready for CI", section 4): each local fault server that passes the
 * preflight (its pings get the ping object; a target whose ping itself is faulty is told at the
 * preflight, test/e2e/diagnosis.test.ts and preflight.test.ts) and then misbehaves makes the run
 * end with exit 1 (9 for a storm of 5xx: every check failing alike is the target unhealthy),
 * within a bounded time, and a failed finding that names a rule and carries the exchange (status
 * or transport error) that showed it. Nothing crashes (exit 3) or hangs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTY_TARGETS, type FaultyTarget } from '../fault-servers/faults.js';
import { closedPort, listen, type LocalServer } from '../fault-servers/listen.js';
import { afterPreflight } from '../fault-servers/plausible.js';
import { preflightRoles } from '../../engine/preflight.js';
import {
  failedFindings,
  readSummary,
  runCli,
  scratch,
  writeProfile,
  saveEnv,
  LOCAL_KEYS_WITH_TIER_LOW,
} from './cli.js';

/** A run against any of these targets ends well within this (the request timeout is 1 s). */
const RUN_BOUND_MS = 20_000;

const tmp = scratch('faulty-targets');
const durations: string[] = [];
const restoreEnv = saveEnv(['E2E_KEY_APPROVED', 'E2E_KEY_TIER_LOW']);

beforeAll(() => {
  process.env.E2E_KEY_APPROVED = 'local-approved-key-0001';
  process.env.E2E_KEY_TIER_LOW = 'local-tier-low-key-0002';
});
afterAll(() => {
  restoreEnv();
  tmp.dispose();
  // The measured bound of each fault, for the record of the run.
  console.info(`faulty targets, run durations:\n${durations.join('\n')}`);
});

/** The preflight's pings of a run of these profiles: one per key role. */
const PINGS = preflightRoles(
  { keys: LOCAL_KEYS_WITH_TIER_LOW },
  'conformance',
  ['utility'],
  (role) => role in LOCAL_KEYS_WITH_TIER_LOW,
).length;

async function startTarget(fault: FaultyTarget): Promise<{ url: string; server?: LocalServer }> {
  if (fault.refused) return { url: await closedPort() };
  const server = await listen(afterPreflight(PINGS, fault.handler!));
  return { url: server.url, server };
}

describe('each faulty target becomes a clear finding within a bounded time', () => {
  // Nothing listening is not a broken rule but an unreachable target: the preflight stops the
  // run with exit 4 before any check (test/e2e/preflight.test.ts).
  it.each(FAULTY_TARGETS.filter((f) => !f.refused).map((f) => [f.name, f] as const))('%s', async (name, fault) => {
    const { url, server } = await startTarget(fault);
    const slug = name.replace(/\W+/g, '-');
    const reportDir = tmp.path(slug);
    try {
      const profile = writeProfile(tmp.path(`${slug}.json`), url, { keys: LOCAL_KEYS_WITH_TIER_LOW });
      const argv = [
        'run',
        '--target',
        profile,
        '--family',
        'utility',
        ...fault.select.flatMap((r) => ['--rule', r]),
        '--report-dir',
        reportDir,
      ];
      const result = await runCli(argv);
      durations.push(`  ${name.padEnd(20)} ${result.ms} ms, exit ${result.code}`);

      expect(result.err).not.toContain('internal error');
      expect(result.code).toBe(fault.exit ?? 1);
      expect(result.ms).toBeLessThan(RUN_BOUND_MS);

      const summary = readSummary(reportDir);
      expect(summary.outcome).toBe('failed');
      const failed = failedFindings(summary);
      expect(failed.length).toBeGreaterThan(0);
      const finding = failed.find((f) => f.rules.some((r) => fault.expectRules.includes(r)));
      expect(
        finding,
        `a failed finding naming one of ${fault.expectRules.join(', ')}; ` +
          `got ${failed.map((f) => `[${f.rules.join('+')}] ${f.check}: ${f.message}`).join('; ')}`,
      ).toBeDefined();
      const shown = finding!.exchanges.some((ex) =>
        'status' in fault.shows
          ? ex.response !== undefined && fault.shows.status.test(String(ex.response.status))
          : ex.error !== undefined && fault.shows.error.test(ex.error),
      );
      const wanted = String('status' in fault.shows ? fault.shows.status : fault.shows.error);
      expect(
        shown,
        `an exchange of the finding shows ${wanted}: ` +
          JSON.stringify(finding!.exchanges.map((e) => e.response?.status ?? e.error)),
      ).toBe(true);
      expect(finding!.section).toBeTruthy();
      expect(finding!.observed ?? finding!.message).toBeTruthy();
      expect(result.out).toContain('Result: FAILED');
    } finally {
      await server?.close();
    }
  });
});
