/**
 * Before the checks: profile mistakes that would make a false verdict, as configuration
 * warnings. Key roles holding one key are found in process (no request). Fixtures the contract
 * gives a read for are looked up, one GET each (FIXTURE_READS, so at most that many requests),
 * only in run profiles without a request cap: a capped run keeps its budget for its checks.
 */
import { createClient, DEFAULT_TIMEOUT_MS, RateBudgets } from '../client/index.js';
import { configWarning, type ConfigWarning } from '../errors.js';
import type { TargetProfile } from '../run-config.js';
import { runProfile, type RunProfile } from '../run-profiles.js';
import { FIXTURE_READS, type FixtureRead } from './fixture-reads.js';
import { keyWarnings } from './key-warnings.js';
import { KeyRing } from '../client/keys.js';
import { timeoutWithin } from '../suite/run-deadline.js';

export interface ConfigWarningInput {
  profile: TargetProfile;
  runId: string;
  runProfile: RunProfile;
  /** Look fixtures up (false for the embedded reference server, whose profile is its own). */
  lookUpFixtures: boolean;
  env?: NodeJS.ProcessEnv;
  reads?: readonly FixtureRead[];
  /** The run's journal: these reads are exchanges of the run. */
  journal?: string;
  /** The run's keys, resolved once (engine/execute.ts); default a ring over the profile's keys and `env`. */
  keys?: KeyRing;
  /** The run's overall deadline (ms since the epoch): no read outlasts it, and none starts after it. */
  deadlineAt?: number;
  /** Names each exchange by its operation (`GET /v1/reference/counties`), as the checks' are. */
  operationOf?: (method: string, path: string) => string | undefined;
}

const runs = (read: FixtureRead, profile: TargetProfile): boolean =>
  [read.fixture, ...(read.with ?? [])].every((name) => Object.hasOwn(profile.fixtures, name));

/** The warnings of a profile against its running target, in a stable order (keys, then fixtures). */
export async function findConfigWarnings(input: ConfigWarningInput): Promise<ConfigWarning[]> {
  const env = input.env ?? process.env;
  const keys = input.keys ?? new KeyRing(input.profile.keys, env);
  const warnings = keyWarnings(input.profile, keys);
  if (!input.lookUpFixtures || runProfile(input.runProfile).requestCap !== undefined) return warnings;
  const reads = (input.reads ?? FIXTURE_READS).filter((r) => runs(r, input.profile));
  if (reads.length === 0) return warnings;
  const client = createClient({
    profile: input.profile,
    runId: input.runId,
    env,
    keys,
    readOnly: true,
    budgets: new RateBudgets(),
    requestCap: { max: reads.length, runProfile: input.runProfile },
    ...(input.journal !== undefined ? { journal: input.journal } : {}),
    ...(input.operationOf ? { operationOf: input.operationOf } : {}),
  });
  try {
    for (const read of reads) {
      // The run's deadline ends the reads: what is left unread is not absent.
      if (input.deadlineAt !== undefined && Date.now() >= input.deadlineAt) break;
      const timeoutMs = timeoutWithin(input.deadlineAt, input.profile.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS);
      // A missing key or a refused request says nothing about the fixture: the checks will say it.
      const request = {
        ...read.request(input.profile.fixtures),
        source: { check: 'configuration warnings' },
        timeoutMs,
      };
      const ex = await client.send(request).catch(() => undefined);
      if (!ex || (input.deadlineAt !== undefined && Date.now() >= input.deadlineAt)) continue;
      for (const { fixture, why } of read.absent(ex, input.profile.fixtures)) {
        warnings.push(
          configWarning('W_FIXTURE_ABSENT', `fixture ${fixture}: ${why} (${read.basis}); checks that need it skip`, {
            fixture,
          }),
        );
      }
    }
  } finally {
    await client.close();
  }
  return warnings;
}

/** Fixtures the warnings say the target does not have. */
export const absentFixtures = (warnings: readonly ConfigWarning[] | undefined): Set<string> =>
  new Set(
    (warnings ?? []).flatMap((w) => (w.code === 'W_FIXTURE_ABSENT' && w.fixture !== undefined ? [w.fixture] : [])),
  );
