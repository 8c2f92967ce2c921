/**
 * What the engine hands to the conformance suites running inside vitest workers
 * (through vitest's `provide`/`inject`, key `runConfig`). It never carries a key value:
 * workers read keys from the environment variables the target profile names.
 */
import type { ReadContract } from './contract/types.js';
import type { ConfigWarning } from './errors.js';
import type { Family } from './model.js';
import type { CatalogueData } from './rules.js';
import type { ConfirmBudget, RunProfile } from './run-profiles.js';

export type { RunProfile } from './run-profiles.js';

export interface KeyRef {
  /** Name of the environment variable holding the key. */
  env: string;
  tier: 'low' | 'medium' | 'high';
  /**
   * `false` when the tier is assumed, not stated (a bare `--base-url` paces its keys as low):
   * good for pacing, never a tier to measure the target against.
   */
  tierStated?: false;
}

/** A target profile (specs/target-profile.schema.json), after validation. */
export interface TargetProfile {
  name: string;
  baseUrl: string;
  legacyBaseUrl?: string;
  medicareBaseUrl?: string;
  readOnly?: boolean;
  /** Every run of the target is strict (`--strict`): failed inferred rules fail it. */
  strict?: boolean;
  requestTimeoutMs?: number;
  asyncTimeoutMs?: number;
  /** The run's overall deadline in ms (default: the run profile's `runTimeoutMs`, harness/run-profiles.ts). */
  runTimeoutMs?: number;
  /** Absolute path of a PEM bundle trusted beside the system's CAs (the profile's `caFile`, resolved). */
  caFile?: string;
  keys: Record<string, KeyRef>;
  fixtures: Record<string, string | number | boolean | string[]>;
  /**
   * The partner's webhook receiver for a remote target (older ICHRA webhooks): the run listens
   * on 127.0.0.1:`listenPort`; the target delivers to `publicUrl`, which forwards there.
   */
  webhookReceiver?: { listenPort?: number; publicUrl?: string };
  /** The attempts and pause of the run profile's confirmation, and fewer requests (RunProfileSpec.confirm). */
  confirm?: Partial<ConfirmBudget>;
  /** Latency budgets in ms: by operation (`GET /v1/reference/counties`), else `defaultMs`. */
  latency?: { defaultMs?: number; operations?: Record<string, number> };
  /** Headers every request carries, each value read from an environment variable (a secret, like a key). */
  headers?: Record<string, { env: string }>;
  /** Writes the contract says change nothing that a read-only run may send (`POST /v1/quotes`). */
  sideEffectFreeWrites?: string[];
  /** Warn when the https target's certificate expires within this many days. */
  tlsExpiryWarningDays?: number;
  /**
   * With `--history`: a condition alerts once found in `after` runs in a row (default 1), and is
   * told again every `remindEveryMinutes` while it still alerts (default never); the flags
   * `--alert-after` and `--remind-every` go over them.
   */
  alerting?: { after?: number; remindEveryMinutes?: number };
}

/**
 * What the engine already read, handed on so a worker neither reads nor parses it again: the
 * rule catalogue and the `--spec` document (parsed and dereferenced; the worker compiles it).
 */
interface RunInputs {
  catalogue: CatalogueData;
  contract: ReadContract;
}

export interface RunConfig {
  /** Unique per run; prefixes idempotency keys and names the report folder. */
  runId: string;
  /** The run profile (`--profile`): an entry of RUN_PROFILES. */
  runProfile: RunProfile;
  /** The target profile (`--target`), base URLs pointed at the embedded server when it is the target. */
  profile: TargetProfile;
  /** Path or URL of the OpenAPI document schema checks come from. */
  specSource: string;
  families: Family[];
  /** When set, only checks naming one of these rules run. */
  rules?: string[];
  /** `--exclude-rule`: checks naming only these rules do not run. */
  excludedRules?: string[];
  seed: number;
  /** fast-check path of a printed counterexample: property checks run that input alone (`--path`). */
  path?: string;
  /** fast-check runs per property. */
  runs: number;
  /** Failed `inferred` rules count as failures instead of warnings. */
  strict: boolean;
  reportDir: string;
  /** True when the target is the embedded reference server (fixture-only checks may rely on it). */
  embedded: boolean;
  /** Fault switched on in the embedded server, if any (mutation campaign). */
  fault?: string;
  /** Variants switched on in the embedded server (`--variant`, `npm run variants`). */
  variants?: string[];
  /**
   * A webhook receiver on 127.0.0.1 the target delivers the older ICHRA webhooks to, whose
   * `GET <url>/events` lists what arrived (engine/webhook-inbox.ts). Set for embedded runs.
   */
  webhookInboxUrl?: string;
  /**
   * The run's journal (harness/client/journal.ts): every exchange is appended to it as it ends;
   * the run-wide checks read it. Absent: nothing is journaled.
   */
  journal?: string;
  /**
   * When the run's overall deadline passes (ms since the epoch): a check still running then is
   * cut short, one starting later does not run (harness/suite/run-check.ts).
   */
  deadlineAt?: number;
  /** Requests the engine sent before the checks (the preflight pings); they count against the run profile's cap. */
  requestsSpent?: number;
  /** Of those, the preflight's confirmations: they count against the run's confirmation budget. */
  confirmationsSpent?: number;
  /**
   * Profile mistakes found before the checks (harness/config-warnings): a fixture the target does not
   * have is treated as absent, so the checks that need it skip.
   */
  configWarnings?: ConfigWarning[];
  /**
   * The command that repeats this run without its narrowing flags (`--target <file>` or
   * `--base-url`, `--fault`, `--spec`, ...; harness/reproduce.ts); reproduction commands extend it.
   */
  command: string;
  /** What the engine read (absent when the suites run without it: each worker then reads its own). */
  inputs?: RunInputs;
}
