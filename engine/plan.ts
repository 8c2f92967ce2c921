/**
 * Everything `run` needs, validated before any request is sent: each bad input is a
 * ConfigError with its stable code (exit 2).
 */
import { resolve } from 'node:path';
import type { Contract } from '../harness/contract/index.js';
import { loadContract } from '../harness/contract/index.js';
import { ConfigError } from '../harness/errors.js';
import { FAMILIES, type Family, type Rule } from '../harness/model.js';
import { loadTargetProfile, profileFromBaseUrl, referenceProfilePath, requireKeys } from '../harness/profile.js';
import { loadRules } from '../harness/rules.js';
import type { RunProfile, TargetProfile } from '../harness/run-config.js';
import type { ParsedFlags } from '../cli/args.js';
import { DEFAULT_SPEC } from '../harness/paths.js';
import { defaultReportDir, newRunId } from './report-dir.js';
import { DEFAULT_RUNS, MAX_RUNS, REQUIRED_ROLES, RUN_PROFILES } from '../cli/run-flags.js';

export interface RunPlan {
  runId: string;
  runProfile: RunProfile;
  families: Family[];
  rules?: string[];
  seed: number;
  runs: number;
  /** vitest shard `i/n` of the suite files, when the run is split across jobs. */
  shard?: string;
  strict: boolean;
  reportDir: string;
  /** True when reportDir is the default, so `reports/out/latest` follows it. */
  defaultReportDir: boolean;
  contract: Contract;
  catalogue: Rule[];
  /** The embedded reference server (baseUrl filled in once it listens), or a remote target. */
  target: { embedded: true; profile: TargetProfile; fault?: string } | { embedded: false; profile: TargetProfile; profilePath?: string };
}

const str = (flags: ParsedFlags, name: string) => flags[name] as string | undefined;
const list = (flags: ParsedFlags, name: string) => flags[name] as string[] | undefined;

export function checkConflicts(flags: ParsedFlags): void {
  if (flags.target !== undefined && flags['base-url'] !== undefined) {
    throw new ConfigError('E_FLAGS_CONFLICT', '--target and --base-url both name a target', 'Use --target <profile.json> or --base-url <url>, not both.');
  }
  if (flags.fault !== undefined && (flags.target !== undefined || flags['base-url'] !== undefined)) {
    throw new ConfigError('E_FLAGS_CONFLICT', '--fault switches on a fault of the embedded reference server, but a remote target was given', 'Drop --fault, or drop --target/--base-url to run against the embedded server.');
  }
}

export function runProfileOf(flags: ParsedFlags): RunProfile {
  const name = str(flags, 'profile') ?? 'conformance';
  if (!(RUN_PROFILES as readonly string[]).includes(name)) throw new ConfigError('E_PROFILE_UNKNOWN', `unknown run profile "${name}"`);
  return name as RunProfile;
}

export function familiesOf(names: readonly string[] | undefined): Family[] | undefined {
  if (!names || names.length === 0) return undefined;
  const unknown = names.filter((n) => !(FAMILIES as readonly string[]).includes(n));
  if (unknown.length) throw new ConfigError('E_FAMILY_UNKNOWN', `unknown family ${unknown.map((n) => `"${n}"`).join(', ')}; families are ${FAMILIES.join(', ')}`);
  return FAMILIES.filter((f) => names.includes(f));
}

export function rulesOf(ids: readonly string[] | undefined, catalogue: readonly Rule[]): Rule[] | undefined {
  if (!ids || ids.length === 0) return undefined;
  const byId = new Map(catalogue.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length) throw new ConfigError('E_RULE_UNKNOWN', `unknown rule ${unknown.map((id) => `"${id}"`).join(', ')}`);
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

export function seedOf(raw: string | undefined, random = Math.random): number {
  if (raw === undefined) return Math.floor(random() * 0x7fffffff);
  const seed = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(seed)) throw new ConfigError('E_SEED_INVALID', `--seed "${raw}" is not an integer`);
  return seed;
}

export function runsOf(raw: string | undefined, profile: RunProfile): number {
  if (raw === undefined) return DEFAULT_RUNS[profile];
  const runs = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || runs < 1 || runs > MAX_RUNS) {
    throw new ConfigError('E_RUNS_INVALID', `--runs "${raw}" is not a whole number from 1 to ${MAX_RUNS}`);
  }
  return runs;
}

/** `--shard i/n`, checked here so a typo is exit 2 rather than vitest's own error. */
export function shardOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new ConfigError('E_SHARD_INVALID', `--shard "${raw}" is not <index>/<count> with 1 <= index <= count`);
  return `${index}/${count}`;
}

/** A known fault name. The reference server loads only when a fault is asked for. */
export async function faultOf(name: string | undefined): Promise<string | undefined> {
  if (name === undefined) return undefined;
  const { listFaults } = await import('../reference/server.js');
  if (!listFaults().some((f) => f.name === name)) throw new ConfigError('E_FAULT_UNKNOWN', `unknown fault "${name}"`);
  return name;
}

async function targetOf(flags: ParsedFlags, fault: string | undefined): Promise<RunPlan['target']> {
  const path = str(flags, 'target');
  if (path !== undefined) return { embedded: false, profile: await loadTargetProfile(resolve(path)), profilePath: path };
  const baseUrl = str(flags, 'base-url');
  if (baseUrl !== undefined) return { embedded: false, profile: await profileFromBaseUrl(baseUrl) };
  return { embedded: true, profile: await loadTargetProfile(referenceProfilePath()), fault };
}

export async function planRun(flags: ParsedFlags): Promise<RunPlan> {
  checkConflicts(flags);
  const runProfile = runProfileOf(flags);
  const requestedFamilies = familiesOf(list(flags, 'family'));
  const seed = seedOf(str(flags, 'seed'));
  const runs = runsOf(str(flags, 'runs'), runProfile);
  const shard = shardOf(str(flags, 'shard'));
  const fault = await faultOf(str(flags, 'fault'));
  const catalogue = [...loadRules().rules];
  const rules = rulesOf(list(flags, 'rule'), catalogue);
  // With --rule and no --family, run only the families those rules apply to.
  const families = requestedFamilies ?? (rules ? FAMILIES.filter((f) => rules.some((r) => r.families.includes(f))) : [...FAMILIES]);
  const contract = await loadContract(str(flags, 'spec') ?? DEFAULT_SPEC);
  const target = await targetOf(flags, fault);
  if (!target.embedded) requireKeys(target.profile, [...REQUIRED_ROLES]);
  const runId = newRunId();
  const reportDirFlag = str(flags, 'report-dir');
  return {
    runId,
    runProfile,
    families,
    rules: rules?.map((r) => r.id),
    seed,
    runs,
    shard,
    strict: flags.strict === true,
    reportDir: reportDirFlag !== undefined ? resolve(reportDirFlag) : defaultReportDir(runId),
    defaultReportDir: reportDirFlag === undefined,
    contract,
    catalogue,
    target,
  };
}
