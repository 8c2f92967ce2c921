/**
 * The preflight phase: a remote target pinged with each key role the run uses (the embedded
 * server needs none), the run announced, the profile's mistakes found as configuration warnings,
 * and what a monitoring run knows before its checks. A target the preflight finds unusable ends
 * the run here: its stop is recorded instead of a run (`stopped`).
 */
import { findConfigWarnings } from '../../harness/config-warnings/find.js';
import { formatWarning, TargetUnusable, type ConfigWarning } from '../../harness/errors.js';
import { publicUrl } from '../../harness/reproduce.js';
import { isRunDeadlinePassed } from '../../harness/suite/run-deadline.js';
import type { RunIO } from '../io.js';
import { monitoringBefore } from '../monitor/deliver.js';
import type { RunTarget } from '../plan-outputs.js';
import type { RunPlan } from '../plan.js';
import { preflight } from '../preflight.js';
import type { armStop } from '../run-stop.js';
import type { Claimed } from './claim.js';
import { writersOf } from './run.js';
import type { Started } from './start.js';
import { recordPreflightStop } from '../monitor/preflight-stop.js';

type Armed = ReturnType<typeof armStop>;

/** The target ready for the checks, or the cause that stopped the run before any. */
export type Checked = { target: RunTarget } | { stopped: TargetUnusable };

/** The started target with what the preflight saw; a stop (Ctrl-C, the deadline) during it leaves it unjudged. */
async function ping(plan: RunPlan, started: Started, armed: Armed): Promise<Checked> {
  const reached = {
    ...started.target,
    ...(started.receiver ? { webhookInboxUrl: started.receiver.url } : {}),
  };
  if (plan.target.kind === 'embedded') return { target: started.target };
  try {
    const { profile } = started.target;
    const { runProfile, families, runId, journal } = plan;
    const { keys, operationOf } = started;
    const pinged = preflight({
      profile,
      runProfile,
      families,
      runId,
      journal,
      keys,
      deadlineAt: armed.deadlineAt,
      operationOf,
    });
    return { target: { ...reached, preflight: await armed.untilStopped(pinged) } };
  } catch (err) {
    if (isRunDeadlinePassed(err)) {
      // Ctrl-C or the deadline ended the preflight: the target was not judged, the run stopped (every check not run).
      armed.stop.reason ??= 'deadline';
      return { target: reached };
    }
    if (err instanceof TargetUnusable) return { stopped: err };
    throw err;
  }
}

/** ` [embedded] with fault … with variants …` after the target of an embedded run. */
function embeddedNote({ target }: RunPlan): string {
  if (target.kind === 'remote') return '';
  const fault = target.fault ? ` with fault ${target.fault}` : '';
  return ` [embedded]${fault}${target.variants.length ? ` with variants ${target.variants.join(', ')}` : ''}`;
}

/** The run's first line: what runs against what; then where a remote target's webhooks arrive. */
function announce(plan: RunPlan, started: Started, io: RunIO): void {
  const { profile } = started.target;
  io.out.write(
    `partner-conformance ${plan.runProfile} run ${plan.runId}: ${plan.families.join(', ')} ` +
      `against ${profile.name} (${publicUrl(profile.baseUrl)})${embeddedNote(plan)}, ` +
      `seed ${plan.seed}${plan.shard ? `, shard ${plan.shard}` : ''}\n`,
  );
  const { receiver } = started;
  const delivered = profile.webhookReceiver?.publicUrl;
  if (receiver)
    io.out.write(
      `webhook receiver on ${receiver.url}` +
        `${delivered ? `, delivered to by the target at ${publicUrl(delivered)}` : ''}\n`,
    );
}

/** The profile's mistakes against this target, told; the embedded server's keys alone are compared. */
async function configWarnings(plan: RunPlan, started: Started, armed: Armed, io: RunIO): Promise<ConfigWarning[]> {
  const { profile } = started.target;
  const { runId, runProfile, journal } = plan;
  const { keys, operationOf } = started;
  const lookUpFixtures = plan.target.kind === 'remote' && armed.stop.reason === undefined;
  const warnings = await armed
    .untilStopped(
      findConfigWarnings({
        profile,
        runId,
        runProfile,
        lookUpFixtures,
        journal,
        keys,
        deadlineAt: armed.deadlineAt,
        operationOf,
      }),
    )
    // Stopped during the fixture reads: the key warnings alone (found in process, no request).
    .catch(async (err: unknown) => {
      if (!isRunDeadlinePassed(err)) throw err;
      return findConfigWarnings({ profile, runId, runProfile, lookUpFixtures: false, keys });
    });
  for (const w of warnings) io.out.write(`${formatWarning(w)}\n`);
  return warnings;
}

/** The record of a run the preflight stopped: its reports, with no finding; the history read for its notifications. */
export function recordStop(input: {
  plan: RunPlan;
  started: Started;
  error: TargetUnusable;
  claimed: Claimed;
  io: RunIO;
  startedAt: Date;
}) {
  const { plan, started, io, claimed } = input;
  // An outage leaves a record: the reports, metrics and history of a run that tested nothing.
  claimed.reported();
  const { certificates, keys } = started;
  return recordPreflightStop({
    plan,
    profile: started.target.profile,
    error: input.error,
    writers: writersOf(plan, io, claimed.signingKey),
    io,
    startedAt: input.startedAt,
    ...(certificates ? { certificates } : {}),
    keys,
  });
}

/** The target checked and ready for the checks, or the cause that stops the run before them. */
export async function checkTarget(plan: RunPlan, started: Started, armed: Armed, io: RunIO): Promise<Checked> {
  const pinged = await ping(plan, started, armed);
  if ('stopped' in pinged) return pinged;
  announce(plan, started, io);
  const warnings = await configWarnings(plan, started, armed, io);
  const { profile } = pinged.target;
  const monitored = await monitoringBefore(plan.monitor, started.certificates, profile, plan.runProfile, io);
  return { target: { ...pinged.target, configWarnings: warnings, ...monitored } };
}
