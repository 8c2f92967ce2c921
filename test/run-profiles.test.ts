/**
 * A run profile is one entry of RUN_PROFILES: every consumer reads the table, none branches on a
 * profile's name. Shown two ways: an entry added to the table at run time is honoured by every
 * consumer, and no source file outside the table names a profile.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProfileOf, runsOf } from '../engine/plan-inputs.js';
import { runTimeoutOf } from '../engine/plan-outputs.js';
import { RUN_FLAGS } from '../cli/run-flags.js';
import { PROJECT_ROOT } from '../harness/paths.js';
import {
  checkBelongsTo,
  isRunProfile,
  RUN_PROFILE_NAMES,
  RUN_PROFILES,
  type RunProfile,
  type RunProfileSpec,
} from '../harness/run-profiles.js';
import { defaultRoleFor } from '../harness/suite/context.js';
import { fakeTarget, runConfigFor } from '../harness/suite/fake-target.test-helpers.js';
import { notSelected } from '../harness/suite/needs.js';
import { isWritable, requestCapOf } from '../harness/target.js';
import { createClient, RateBudgets } from '../harness/client/index.js';
import { okJson, profileFor, startServer, testEnv } from '../harness/client/test-server.js';
import { renderHtml } from '../reports/html-writer.js';
import { SummaryJsonWriter } from '../reports/json-writer.js';
import { SAMPLE_RULES, sampleInfo, sampleSummary } from '../reports/testing/sample.js';
import { requiredRules } from '../reports/required.js';
import { catalogueOf } from '../reports/run-info.js';
import { checkEntry } from '../harness/suite/inventory.js';

/** A profile no source file knows: what the table says about it is all any consumer can go by. */
const NIGHTLY = 'nightly' as RunProfile;
const NIGHTLY_SPEC: RunProfileSpec = {
  summary: 'every night',
  runs: 7,
  requestCap: 3,
  runTimeoutMs: 60_000,
  writes: false,
  familyKeys: false,
  defaultChecks: true,
  evidence: true,
  requires: 'check-rules',
};
const table = RUN_PROFILES as unknown as Record<string, RunProfileSpec>;

const dir = mkdtempSync(join(tmpdir(), 'run-profiles-'));
beforeAll(() => {
  table[NIGHTLY] = NIGHTLY_SPEC;
});
afterAll(() => {
  delete table[NIGHTLY];
  rmSync(dir, { recursive: true, force: true });
});

describe('a profile added to the table is honoured by every consumer', () => {
  const entries = (): Array<[RunProfile, RunProfileSpec]> =>
    [...RUN_PROFILE_NAMES, NIGHTLY].map((name) => [name, table[name]!]);

  it('is a known --profile whose --runs default is its own', () => {
    for (const [name, spec] of entries()) {
      expect(isRunProfile(name)).toBe(true);
      expect(runProfileOf(name)).toBe(name);
      expect(runsOf(undefined, name)).toBe(spec.runs);
    }
  });

  it("allows writes, uses the families' own keys and takes the default checks as its entry says", () => {
    for (const [name, spec] of entries()) {
      const config = runConfigFor({ runProfile: name });
      expect(isWritable(config), name).toBe(spec.writes);
      expect(
        defaultRoleFor(
          'utility',
          fakeTarget(() => new Error('unused'), config, ['approved', 'reader']),
        ),
        name,
      ).toBe(spec.familyKeys ? 'reader' : 'approved');
      expect(notSelected({ runProfile: name }, ['PING-200']) === undefined, name).toBe(spec.defaultChecks);
      expect(checkBelongsTo(name, 'all')).toBe(true);
      expect(checkBelongsTo(name, [name])).toBe(true);
    }
  });

  it('caps the requests a run puts on the wire at its requestCap', async () => {
    const server = await startServer(okJson);
    try {
      for (const [name, spec] of entries()) {
        const before = server.received.length;
        const client = createClient({
          profile: profileFor(server.url),
          runId: name,
          env: testEnv,
          budgets: new RateBudgets(),
          requestCap: requestCapOf(name),
        });
        const sends = await Promise.allSettled(
          Array.from({ length: 12 }, (_, i) => client.send({ method: 'GET', path: `/v1/ping?i=${i}` })),
        );
        await client.close();
        expect(server.received.length - before, name).toBe(spec.requestCap ?? 12);
        expect(sends.filter((s) => s.status === 'rejected').length, name).toBe(12 - (spec.requestCap ?? 12));
      }
    } finally {
      await server.close();
    }
  });

  it('writes evidence.json and the evidence section when its entry takes evidence', async () => {
    for (const [name, spec] of entries()) {
      const summary = sampleSummary(sampleInfo({ runProfile: name }));
      await new SummaryJsonWriter(join(dir, name)).close(summary);
      expect(existsSync(join(dir, name, 'evidence.json')), name).toBe(spec.evidence);
      expect(renderHtml(summary).includes('class="evidence"'), name).toBe(spec.evidence);
    }
  });

  it('runs until its runTimeoutMs, unless the target profile sets its own', () => {
    const profile = profileFor('http://127.0.0.1:9');
    for (const [name, spec] of entries()) {
      expect(runTimeoutOf({ runProfile: name, profile }), name).toBe(spec.runTimeoutMs);
      expect(runTimeoutOf({ runProfile: name, profile: { ...profile, runTimeoutMs: 1234 } }), name).toBe(1234);
    }
  });

  it('requires the rules its entry says: those of the selected families, or those its own checks name', () => {
    const catalogue = catalogueOf(SAMPLE_RULES);
    const ping = SAMPLE_RULES.filter((r) => r.id === 'PING-200');
    const inventory = [{ family: 'utility', entry: checkEntry('ping answers 200', ping, {}, 'all', false) }];
    for (const [name, spec] of entries()) {
      const { rules } = requiredRules(catalogue, { runProfile: name, families: ['utility', 'reference'] }, inventory);
      expect(rules, name).toEqual(spec.requires === 'check-rules' ? ['PING-200'] : ['PING-200', 'ISSUERS-ORDER']);
    }
  });

  it('is listed in `run --help`', () => {
    for (const name of RUN_PROFILE_NAMES) expect(RUN_FLAGS.profile!.help).toContain(name);
  });
});

/** Source files (tests aside) of the layers that run a profile. */
const CONSUMERS = ['harness', 'engine', 'cli', 'mutation', 'reports'];
const TABLE_FILE = 'harness/run-profiles.ts';

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => {
    const path = join(folder, e.name);
    if (e.isDirectory()) return e.name === 'out' || e.name === 'testing' ? [] : sources(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$|\.test-helpers\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('no consumer names a run profile', () => {
  const files = CONSUMERS.flatMap((f) => sources(join(PROJECT_ROOT, f))).filter(
    (p) => relative(PROJECT_ROOT, p) !== TABLE_FILE,
  );

  it('scans the source files of every consumer', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((p) => relative(PROJECT_ROOT, p))).toEqual(
      expect.arrayContaining([
        'harness/target.ts',
        'harness/suite/context.ts',
        'reports/json-writer.ts',
        'engine/plan-inputs.ts',
      ]),
    );
  });

  it.each(RUN_PROFILE_NAMES)('%s appears only in the table, never as a literal or a table key elsewhere', (name) => {
    // A quoted name ('smoke'), or the table read by name (RUN_PROFILES.smoke, RUN_PROFILES['smoke']).
    const named = new RegExp(`(['"\`])${name}\\1|RUN_PROFILES\\s*(?:\\.\\s*${name}\\b|\\[\\s*['"\`]${name})`);
    const offenders = files.filter((p) => named.test(readFileSync(p, 'utf8'))).map((p) => relative(PROJECT_ROOT, p));
    expect(offenders).toEqual([]);
  });

  it('the scan would catch a branch on a name', () => {
    const named = /(['"`])smoke\1/;
    expect(named.test(`if (config.runProfile !== 'smoke') return;`)).toBe(true);
    expect(named.test('// the smoke profile sends at most 10 requests')).toBe(false);
  });
});
