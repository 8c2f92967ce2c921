/** The flags of `run`, and the defaults of each run profile. */
import type { RunProfile } from '../harness/run-config.js';
import type { FlagTable } from './args.js';

export const RUN_FLAGS: FlagTable = {
  target: { type: 'string', value: '<profile.json>', help: 'target profile (JSON); default: the embedded reference server' },
  'base-url': { type: 'string', value: '<url>', help: 'test this base URL with the reference profile\'s key env names and no fixtures' },
  spec: { type: 'string', value: '<path|url>', help: 'OpenAPI document the schema checks come from (default specs/partner-api.yaml)' },
  profile: { type: 'string', value: '<name>', help: 'smoke | conformance | certification (default conformance)' },
  family: { type: 'string', multiple: true, value: '<name>', help: 'only these families (repeatable or comma list)' },
  rule: { type: 'string', multiple: true, value: '<id>', help: 'only checks of these rules (repeatable or comma list)' },
  seed: { type: 'string', value: '<int>', help: 'fast-check seed, to replay a property failure (default random)' },
  runs: { type: 'string', value: '<int>', help: 'fast-check runs per property (default by profile: 1, 10, 25)' },
  strict: { type: 'boolean', help: 'failed inferred rules fail the run instead of warning' },
  'report-dir': { type: 'string', value: '<dir>', help: 'where reports go (default reports/out/<run-id>/)' },
  fault: { type: 'string', value: '<name>', help: 'switch on a named fault in the embedded server' },
  shard: { type: 'string', value: '<i/n>', help: 'run only shard i of n of the suite files (vitest --shard), e.g. 2/4, one job per shard' },
  help: { type: 'boolean', help: 'this help' },
};

export const RUN_PROFILES: readonly RunProfile[] = ['smoke', 'conformance', 'certification'];

/** fast-check runs per property when --runs is not given: smoke stays within its request budget. */
export const DEFAULT_RUNS: Record<RunProfile, number> = { smoke: 1, conformance: 10, certification: 25 };

/** Key roles every target profile must provide, checked before any request is sent. */
export const REQUIRED_ROLES = ['approved'] as const;

/** Upper bound on --runs, so a typo cannot start a run that never ends. */
export const MAX_RUNS = 10_000;
