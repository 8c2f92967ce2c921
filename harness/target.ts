/**
 * The target as one vitest worker sees it: the run configuration the engine provided, the loaded
 * contract, the rule catalogue and one HTTP client. Built once per worker and per run (a
 * worker reused across runs, as in the mutation campaign, gets a fresh client per run).
 */
import { inject } from 'vitest';
import type { KnownValues } from '../generators/types.js';
import { createClient, type Client, type RequestCapOptions } from './client/index.js';
import { routedDocument, routedOperation, routedValidator } from './contract/index.js';
import { companions, contractOf, operationOfRequest } from './run-documents.js';
import type { Contract, Operation, RequestLine } from './contract/types.js';
import type { RunConfig } from './run-config.js';
import type { RuleCatalogue } from './rules.js';
import { absentFixtures } from './config-warnings/find.js';
import { runProfile } from './run-profiles.js';
import { confirmBudgetOf } from './budgets.js';
import { sideEffectFreeWrites } from './side-effect-free.js';
import { ConfirmationBudget } from './suite/confirm-budget.js';
import { ruleCatalogue } from './suite/catalogue.js';
import { knownValues } from './suite/known-values.js';
import type { Capabilities } from './suite/needs.js';
import { capabilitiesOf } from './suite/capabilities.js';
import { KeyRing } from './client/keys.js';

declare module 'vitest' {
  export interface ProvidedContext {
    runConfig: RunConfig;
  }
}

export type FixtureValue = RunConfig['profile']['fixtures'][string];

export interface TargetContext {
  config: RunConfig;
  /** The document schema checks come from (`--spec`). */
  contract: Contract;
  /**
   * Validates against whichever loaded document defines the operation: the `--spec` document
   * first, then the bundled older-ICHRA and Medicare documents; by operationId, else by the
   * request's method and URL (pass `{method, url}` of the exchange's request).
   */
  validateResponse: Contract['validateResponse'];
  /**
   * The operationId a request matches by method and URL in the loaded documents (`--spec` first); undefined when none
   * does.
   */
  operationOf(request: RequestLine): string | undefined;
  /**
   * An operation of the loaded documents (`--spec` first, then the older-ICHRA and Medicare ones): by operationId,
   * else on `route` (`METHOD /path/{template}`); undefined when none gives it.
   */
  documented(operationId: string, route: string): Operation | undefined;
  rules: RuleCatalogue;
  client: Client;
  /** A profile fixture, or undefined when the profile does not have it. */
  fixture(name: string): FixtureValue | undefined;
  /** The profile has a key for the role, its environment variable is set, and it is usable (Capabilities.hasRole). */
  hasRole(role: string): boolean;
  /** False in a read-only run: smoke profile or a `readOnly` target. */
  writable: boolean;
  capabilities: Capabilities;
  /** Known values for the generators: fixtures by member name, plus `extra` on top. */
  known(extra?: KnownValues): KnownValues;
  /** What confirmations of failed checks may still spend in this run (none when the run profile confirms nothing). */
  confirmations?: ConfirmationBudget;
}

/** Path templates of the GETs the loaded documents mark `x-side-effects: true`. */
export function sideEffectGetsOf(contracts: readonly Pick<Contract, 'operations'>[]): string[] {
  return contracts.flatMap((c) =>
    c.operations.filter((op) => op.method === 'GET' && op.sideEffects).map((op) => op.path),
  );
}

export function isWritable(config: RunConfig): boolean {
  return runProfile(config.runProfile).writes && config.profile.readOnly !== true;
}

/** The request cap of a run of `name`, from its RUN_PROFILES entry; undefined when unbounded. */
export function requestCapOf(name: RunConfig['runProfile'], spent = 0): RequestCapOptions | undefined {
  const max = runProfile(name).requestCap;
  return max === undefined ? undefined : { max: Math.max(0, max - spent), runProfile: name };
}

export async function createTargetContext(
  config: RunConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<TargetContext> {
  const read = config.inputs?.contract.source === config.specSource ? config.inputs.contract : undefined;
  const [contract, others] = await Promise.all([contractOf(config.specSource, read), companions()]);
  const writable = isWritable(config);
  const sideEffectGets = sideEffectGetsOf([contract, ...others]);
  // A read-only run may still send the writes the contract says change nothing, when the profile opts in.
  const allowedWrites = writable ? [] : sideEffectFreeWrites(config.profile.sideEffectFreeWrites);
  const confirm = confirmBudgetOf(config.runProfile, config.profile);
  const keys = new KeyRing(config.profile.keys, env);
  const client = createClient({
    keys,
    profile: config.profile,
    runId: config.runId,
    readOnly: !writable,
    sideEffectGets,
    allowedWrites,
    operationOf: operationOfRequest([contract, ...others]),
    env,
    direct: config.embedded,
    requestCap: requestCapOf(config.runProfile, config.requestsSpent),
    ...(config.journal !== undefined ? { journal: config.journal } : {}),
  });
  // A fixture the preflight found the target does not have counts as absent: its checks skip.
  const absent = absentFixtures(config.configWarnings);
  const capabilities = capabilitiesOf({
    profile: config.profile,
    runProfile: config.runProfile,
    keys,
    writable,
    allowedWrites,
    embedded: config.embedded,
    webhookReceiver: config.webhookInboxUrl !== undefined,
    absentFixtures: absent,
  });
  const fixture = (name: string) => (capabilities.hasFixture(name) ? config.profile.fixtures[name] : undefined);
  return {
    config,
    contract,
    validateResponse: routedValidator(contract, others),
    operationOf: routedOperation(contract, others),
    documented: routedDocument(contract, others),
    rules: ruleCatalogue(),
    client,
    fixture,
    hasRole: capabilities.hasRole,
    writable,
    capabilities,
    known: (extra) =>
      knownValues(
        Object.fromEntries(Object.entries(config.profile.fixtures).filter(([name]) => !absent.has(name))),
        extra,
      ),
    ...(confirm ? { confirmations: new ConfirmationBudget(confirm, config.confirmationsSpent) } : {}),
  };
}

/** What makes two runs different for a worker that outlives one of them. */
function runKey(config: RunConfig): string {
  return JSON.stringify([
    config.runId,
    config.fault ?? null,
    config.profile.name,
    config.profile.baseUrl,
    config.specSource,
    config.runProfile,
    config.journal ?? null,
  ]);
}

let current: { key: string; target: Promise<TargetContext> } | undefined;

/** The run configuration the engine provided; a clear error when a suite runs outside a run. */
export function runConfig(): RunConfig {
  const config = inject('runConfig');
  if (!config)
    throw new Error(
      'no run configuration: run the conformance suites with `partner-conformance run`, not with `vitest` directly',
    );
  return config;
}

/** The worker's target for the current run, built on first use. */
export function getTarget(): Promise<TargetContext> {
  const config = runConfig();
  const key = runKey(config);
  if (current?.key !== key) {
    const previous = current?.target;
    const target = (async () => {
      // The previous run is over when the next one starts in this worker: release its sockets.
      await previous?.then((t) => t.client.close()).catch(() => undefined);
      return createTargetContext(config);
    })();
    current = { key, target };
    target.catch(() => {
      if (current?.target === target) current = undefined;
    });
  }
  return current!.target;
}
