/**
 * What a check needs from the target and run, and the first need a run cannot meet.
 * Kept apart from vitest so the decision is testable on its own.
 */
import type { Rule } from '../model.js';
import { KEY_ROLE_NAMES, needsOwnKey } from '../profile-vocabulary.js';
import { checkBelongsTo, type CheckProfiles, type RunProfile } from '../run-profiles.js';
import { OTHER_TIER_NEED, STAGE_BURST_NEED } from './stage-keys.js';

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
  /** A key of a tier other than tierLow's to measure, within the run profile's `tierRequests` (stage-keys.ts). */
  otherTier?: boolean;
  /**
   * Rules the check proves only when more is met (a gate rule only with a key of that gate's
   * role): rule id -> what it needs besides the check's own needs. Where that is unmet the check
   * runs, and the rule is skipped with what it needs, in the run and in `plan` alike.
   */
  ruleNeeds?: Readonly<Record<string, Needs>>;
  /**
   * What the check needs the documents to state of its operation and they do not (`a success status for
   * legacySubmitApplication`): no run meets it, so the check is skipped before any request and `plan` says so.
   */
  unstated?: string;
}

/** What the run offers, as seen from one worker. */
export interface Capabilities {
  /** The role's key is set, and held by no other role when its checks need a key of its own (`ownKey`). */
  hasRole(role: string): boolean;
  /** The other roles holding the key of `role`. */
  sharedWith(role: string): readonly string[];
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
  /** The profile has a key of another tier than tierLow's to measure within the run profile's budget. */
  otherTier: boolean;
}

/** Writes are needed when declared, or when a rule can only be observed by writing (unless declared false). */
export function needsWrites(needs: Needs | undefined, rules: readonly Rule[]): boolean {
  if (needs?.writes !== undefined) return needs.writes;
  return rules.some((rule) => rule.writes === true);
}

const inRoleOrder = (roles: readonly string[]): string => [...roles].sort((a, b) => rank(a) - rank(b)).join(', ');
const rank = (role: string): number => {
  const at = (KEY_ROLE_NAMES as readonly string[]).indexOf(role);
  return at < 0 ? KEY_ROLE_NAMES.length : at;
};

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
  if (needs?.otherTier && !can.otherTier) return OTHER_TIER_NEED;
  const contrasted = needs?.distinctKeys;
  if (contrasted && !can.distinctKeys(contrasted))
    return `two distinct keys (${contrasted.join(', ')} hold the same key)`;
  // A role whose checks judge it as a key of its own is no such key when another role holds it.
  const alike = needs?.roles?.find((r) => needsOwnKey(r) && can.sharedWith(r).length > 0);
  if (alike !== undefined)
    return `two distinct keys (${inRoleOrder([alike, ...can.sharedWith(alike)])} hold the same key)`;
  const role = needs?.roles?.find((r) => !can.hasRole(r));
  if (role !== undefined) return `role ${role}`;
  const fixture = needs?.fixtures?.find((f) => !can.hasFixture(f));
  if (fixture !== undefined) return `fixture ${fixture}`;
  return undefined;
}

/** The rules of `needs.ruleNeeds` the run cannot serve, each with the first need it leaves unmet. */
export function unmetRuleNeeds(needs: Needs | undefined, can: Capabilities): Array<{ rule: string; needs: string }> {
  return Object.entries(needs?.ruleNeeds ?? {}).flatMap(([rule, more]) => {
    const need = unmetNeed(more, [], can);
    return need === undefined ? [] : [{ rule, needs: need }];
  });
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
