/**
 * A run's target, as the plan holds it: the embedded reference server with the fault and
 * variants it switches on, or a remote target with where its profile came from. The flags of
 * one kind given for the other are refused here, before any request; the reports' flat words
 * for a target (`embedded`, `fault`, `variants`) are written from it in one place.
 */
import { resolve } from 'node:path';
import { ConfigError } from '../harness/errors.js';
import { loadTargetProfile, referenceProfilePath, type UrlOverrides, withUrlOverrides } from '../harness/profile.js';
import type { TargetProfile } from '../harness/run-config.js';

/** The embedded reference server, started for the run with what it switches on. */
interface EmbeddedTarget {
  kind: 'embedded';
  /** The fault switched on (`--fault`), if any. */
  fault?: string;
  /** The variants switched on (`--variant`), beside the fault if any; empty for none. */
  variants: readonly string[];
}

/** A running target the run is pointed at (`--target`, `--base-url`). */
interface RemoteTarget {
  kind: 'remote';
  /** The profile's file as given (`--target`), named by the run's command. */
  profilePath?: string;
  /** URLs the command line gave over the profile's (a preview deployment), named by the run's command. */
  urlOverrides?: UrlOverrides;
  /** Its webhook receiver: the port on 127.0.0.1 the run listens on. */
  webhookListen?: number;
}

export type PlannedTarget = EmbeddedTarget | RemoteTarget;

/** The flags of a run request that say its target (TargetFlags's). */
interface TargetFlags {
  target?: string;
  baseUrl?: string;
  legacyBaseUrl?: string;
  medicareBaseUrl?: string;
  fault?: string;
  variants?: string[];
}

const isRemote = (request: TargetFlags) => request.target !== undefined || request.baseUrl !== undefined;

const CONFLICTS: ReadonlyArray<{ when: (r: TargetFlags) => boolean; message: string; fix: string }> = [
  {
    when: (r) => r.fault !== undefined && isRemote(r),
    message: '--fault switches on a fault of the embedded reference server, but a remote target was given',
    fix: 'Drop --fault, or drop --target/--base-url to run against the embedded server.',
  },
  {
    when: (r) => (r.variants?.length ?? 0) > 0 && isRemote(r),
    message: '--variant switches on a variant of the embedded reference server, but a remote target was given',
    fix: 'Drop --variant, or drop --target/--base-url to run against the embedded server.',
  },
];

/** The flags of the embedded server given with a remote target: E_FLAGS_CONFLICT before anything is read. */
export function checkTargetFlags(request: TargetFlags): void {
  const conflict = CONFLICTS.find((c) => c.when(request));
  if (conflict) throw new ConfigError('E_FLAGS_CONFLICT', conflict.message, conflict.fix);
}

/** The run's target and its profile: a remote one from `--target` and the URL flags, else the embedded server. */
export function targetOf(
  request: TargetFlags,
  fault: string | undefined,
  variants: readonly string[] | undefined,
): { profile: TargetProfile; target: PlannedTarget } {
  const urls = Object.fromEntries(
    (['baseUrl', 'legacyBaseUrl', 'medicareBaseUrl'] as const).flatMap((k) =>
      request[k] === undefined ? [] : [[k, request[k]]],
    ),
  ) as UrlOverrides;
  const overridden = Object.keys(urls).length > 0;
  const urlOverrides = overridden ? { urlOverrides: urls } : {};
  if (request.target !== undefined) {
    const profile = loadTargetProfile(resolve(request.target));
    return {
      profile: overridden ? withUrlOverrides(profile, urls) : profile,
      target: { kind: 'remote', profilePath: request.target, ...urlOverrides },
    };
  }
  if (overridden) return { profile: withUrlOverrides(undefined, urls), target: { kind: 'remote', urlOverrides: urls } };
  return {
    profile: loadTargetProfile(referenceProfilePath()),
    target: { kind: 'embedded', ...(fault !== undefined ? { fault } : {}), variants: variants ?? [] },
  };
}

/**
 * A remote target's webhook receiver port: `--webhook-listen`, else the profile's
 * `webhookReceiver.listenPort`. The embedded server delivers to a receiver of its own.
 */
export function withWebhookListen(
  raw: string | undefined,
  target: PlannedTarget,
  profile: TargetProfile,
): PlannedTarget {
  if (target.kind === 'embedded') {
    if (raw === undefined) return target;
    throw new ConfigError(
      'E_FLAGS_CONFLICT',
      '--webhook-listen is for a remote target; the embedded server delivers to a receiver of its own',
      'Drop --webhook-listen, or give --target/--base-url.',
    );
  }
  const port = raw === undefined ? profile.webhookReceiver?.listenPort : Number(raw);
  if (raw !== undefined && !(/^\d+$/.test(raw) && port !== undefined && port >= 1 && port <= 65535))
    throw new ConfigError('E_USAGE', `--webhook-listen "${raw}" is not a port number (1 to 65535)`);
  return port === undefined ? target : { ...target, webhookListen: port };
}

/** A target in the words of the RunConfig and the reports: whether embedded, and what it switched on. */
export function targetWords(target: PlannedTarget): { embedded: boolean; fault?: string; variants?: string[] } {
  if (target.kind === 'remote') return { embedded: false };
  return {
    embedded: true,
    ...(target.fault !== undefined ? { fault: target.fault } : {}),
    ...(target.variants.length > 0 ? { variants: [...target.variants] } : {}),
  };
}
