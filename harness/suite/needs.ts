/**
 * What a check needs from the target and run, and the first need a run cannot meet.
 * Kept apart from vitest so the decision is testable on its own.
 */
import type { Rule } from '../model.js';
import { checkBelongsTo, type CheckProfiles, type RunProfile } from '../run-profiles.js';
import { STAGE_BURST_NEED } from './stage-keys.js';

export interface Needs {
  /** Key roles (profile `keys`) whose environment variables must be set. */
  roles?: readonly string[];
  /**
   * Key roles the check contrasts (e.g. `approved` and `unapproved`): no two may hold the same
   * key, or the check would judge one key as if it were two.
   */
  distinctKeys?: readonly string[];
  /** Profile fixtures that must be present. */
  fixtures?: readonly string[];
  /** Requests with side effects. Implied when any of the check's rules is marked `writes`. */
  writes?: boolean;
  /**
   * Writes the contract says change nothing (`POST /v1/quotes`): met by a writable run, or by a
   * read-only one whose target profile opts in to them (`sideEffectFreeWrites`). Such a check
   * declares `writes: false`.
   */
  sends?: string[];
  /** Only the embedded reference server (behaviour a real target cannot be asked to show). */
  embedded?: boolean;
  /** A receiver of the older ICHRA webhooks: embedded runs bring one, a remote target needs `--webhook-listen`. */
  webhookReceiver?: boolean;
  /** Key roles whose bursts together exceed the stage's (harness/suite/stage-keys.ts). */
  stageBurst?: boolean;
  /**
   * What the check needs the documents to state of its operation and they do not (`a success status for
   * legacySubmitApplication`): no run meets it, so the check is skipped before any request and `plan` says so.
   */
  unstated?: string;
}

/** What the run offers, as seen from one worker. */
export interface Capabilities {
  hasRole(role: string): boolean;
  hasFixture(name: string): boolean;
  /** No two of `roles` hold the same key value. */
  distinctKeys(roles: readonly string[]): boolean;
  /** False in a read-only run (smoke profile or `readOnly` target). */
  writable: boolean;
  /** The run may send this write (`POST /v1/quotes`): writable, or opted in by the target profile. */
  sends(write: string): boolean;
  embedded: boolean;
  /** The run has a webhook receiver the target delivers to. */
  webhookReceiver: boolean;
  /** The profile's keys can make a stage-limit burst. */
  stageBurst: boolean;
}

/** Writes are needed when declared, or when a rule can only be observed by writing (unless declared false). */
export function needsWrites(needs: Needs | undefined, rules: readonly Rule[]): boolean {
  if (needs?.writes !== undefined) return needs.writes;
  return rules.some((rule) => rule.writes === true);
}

/** The first unmet need, as in a finding's `needs` (`role unapproved`), or undefined. */
export function unmetNeed(needs: Needs | undefined, rules: readonly Rule[], can: Capabilities): string | undefined {
  if (needs?.unstated !== undefined) return `the documents to state ${needs.unstated}`;
  if (needsWrites(needs, rules) && !can.writable) return 'writes (read-only run)';
  const write = needs?.sends?.find((w) => !can.sends(w));
  if (write !== undefined)
    return `writes (read-only run; the target profile may opt in to ${write} in sideEffectFreeWrites)`;
  if (needs?.embedded && !can.embedded) return 'embedded reference server';
  if (needs?.webhookReceiver && !can.webhookReceiver) return 'webhook receiver';
  if (needs?.stageBurst && !can.stageBurst) return STAGE_BURST_NEED;
  const role = needs?.roles?.find((r) => !can.hasRole(r));
  if (role !== undefined) return `role ${role}`;
  const contrasted = needs?.distinctKeys;
  if (contrasted && !can.distinctKeys(contrasted))
    return `two distinct keys (${contrasted.join(', ')} hold the same key)`;
  const fixture = needs?.fixtures?.find((f) => !can.hasFixture(f));
  if (fixture !== undefined) return `fixture ${fixture}`;
  return undefined;
}

export interface Selection {
  runProfile: RunProfile;
  /** `--rule` filter, when given. */
  rules?: readonly string[];
  /** `--exclude-rule`, when given: a check of excluded rules only is not run. */
  excludedRules?: readonly string[];
}

/** Why the run does not select this check (rule filter, exclusions, run profile), or undefined when it does. */
export function notSelected(
  selection: Selection,
  checkRules: readonly string[],
  profiles?: CheckProfiles,
): string | undefined {
  if (selection.rules && selection.rules.length > 0 && !checkRules.some((id) => selection.rules!.includes(id))) {
    return `not selected: covers none of --rule ${selection.rules.join(', ')}`;
  }
  const excluded = selection.excludedRules ?? [];
  if (excluded.length > 0 && checkRules.every((id) => excluded.includes(id)))
    return `not selected: covers only --exclude-rule ${excluded.join(', ')}`;
  if (!checkBelongsTo(selection.runProfile, profiles))
    return `not selected: not part of the ${selection.runProfile} profile`;
  return undefined;
}
