/**
 * What every report says about the run itself: which target, which spec, which profile.
 * Built once per run by the engine (engine/plan-outputs.ts) and handed to every writer; it
 * never carries a key value.
 */
import type { LatencyBudgets } from '../harness/budgets.js';
import type { ConfigWarning } from '../harness/errors.js';
import type { Family, Rule } from '../harness/model.js';
import type { BaselineView } from './baseline/match.js';
import type { RunProfile } from '../harness/run-profiles.js';
import type { HistoryRecord } from './monitor/history.js';
import type { TlsCertificate } from './monitor/tls.js';

export interface RunInfo {
  runId: string;
  /** ISO 8601 time the run started. */
  startedAt: string;
  runProfile: RunProfile;
  target: {
    name: string;
    baseUrl: string;
    /** True when the target is the embedded reference server. */
    embedded: boolean;
    /** Fault switched on in the embedded server, if any. */
    fault?: string;
    /** Variants switched on in the embedded server (valid choices where the contract is open). */
    variants?: string[];
  };
  spec: {
    /** Path or URL the schema checks came from. */
    source: string;
    /** `info.version` of the document, when it has one. */
    version?: string;
    /** `sha256:<hex>` of the document bytes, when they could be read. */
    digest?: string;
    /** `info.title` of the document, when it has one. */
    title?: string;
    /**
     * Defects of the document itself (a dangling `$ref`, an invalid schema): the parts they
     * touch go unchecked. They are the document's, not the target's.
     */
    defects?: SpecDefect[];
  };
  families: Family[];
  rules?: string[];
  /** `--exclude-rule`: rules the run does not hold the target to (never required, never passed). */
  excludedRules?: string[];
  /** `--exclude-family`: families left out of the run. */
  excludedFamilies?: Family[];
  /** `--baseline`: the failures the run accepts as known, and the day it judges their expiry on. */
  baseline?: BaselineView;
  /** `--shard i/n`, when the run is one share of the suite files. */
  shard?: string;
  /** This tool's version (package.json). */
  toolVersion?: string;
  /** The rule catalogue's version (specs/rules.json). */
  catalogueVersion?: string;
  seed: number;
  runs: number;
  strict: boolean;
  /** The command that repeats this run; a finding's reproduction command narrows it. */
  command: string;
  /**
   * The preflight of a remote target (engine/preflight.ts), before any check: the first ping
   * (its URL, role, status and X-Request-Id) and every ping, one per key role the run uses.
   */
  preflight?: {
    url: string;
    role: string;
    status?: number;
    error?: string;
    requestId?: string;
    pings?: Array<{ role: string; status?: number; error?: string; requestId?: string }>;
  };
  /** Profile mistakes found before the checks (harness/config-warnings); the checks they touch skip. */
  configWarnings?: ConfigWarning[];
  /** The latency budgets the run judges (harness/budgets.ts); absent when it judges none. */
  latency?: LatencyBudgets;
  /** The certificate chain of each https host of the profile, read by a handshake of its own. */
  tls?: TlsCertificate[];
  /**
   * `--history`: the run is compared with the history of its target and run profile (`previous`: absent for the
   * first), and a condition alerts once found in `alertAfter` runs in a row (`--alert-after`; default 1).
   */
  history?: { previous?: HistoryRecord; alertAfter?: number };
  /** The preflight stopped the run before any check: why, and the exit code it ends with. */
  preflightStop?: PreflightStop;
}

/** Why the preflight stopped a run (engine/preflight.ts): its stable code, exit code, message and fix. */
interface PreflightStop {
  code: string;
  exitCode: number;
  message: string;
  fix: string;
  /** Pings that showed the cause, and whether they were the run's whole confirmation window. */
  attempts?: number;
  confirmed?: boolean;
}

interface SpecDefect {
  /** JSON pointer (`#/...`) to the defect in the document. */
  pointer: string;
  /** The operation it sits in, when it sits inside one. */
  operationId?: string;
  message: string;
}

/** The rule catalogue by id, so writers can show a rule's section and statement. */
export type Catalogue = ReadonlyMap<string, Rule>;

/** Index a rule list by id. */
export function catalogueOf(rules: readonly Rule[]): Catalogue {
  return new Map(rules.map((rule) => [rule.id, rule]));
}
