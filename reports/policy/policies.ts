/**
 * What `verify --policy <name>` holds an evidence to: a list of clauses (clauses.ts), the run
 * profiles whose evidence can meet it, and whether it needs a trusted key. One entry per policy.
 */
import { isRunProfile, RUN_PROFILE_NAMES, runProfile } from '../../harness/run-profiles.js';
import type { ClauseCode } from './clauses.js';

interface Policy {
  summary: string;
  /**
   * The run profiles whose evidence can meet it: `evidence`, those whose RUN_PROFILES entry takes
   * evidence (it is their evidence's default policy); `any`, every one.
   */
  profiles: 'evidence' | 'any';
  clauses: readonly ClauseCode[];
  /** `required`: it is met only with the signer's key trusted; `when given`: checked when a key is given. */
  trust: 'required' | 'when given';
}

export const POLICIES = {
  certification: {
    summary:
      'a signed, complete, PASSED certification run against a remote target with no fault or variant, on the ' +
      'pinned spec, signed by a trusted key',
    profiles: 'evidence',
    clauses: [
      'P_INTACT',
      'P_SIGNED',
      'P_TRUSTED_KEY',
      'P_FORMAT',
      'P_COMPLETE',
      'P_PASSED',
      'P_REMOTE_TARGET',
      'P_NO_FAULT',
      'P_NO_VARIANT',
      'P_SPEC_PINNED',
    ],
    trust: 'required',
  },
  integrity: {
    summary: 'the files are whole and signed (by a trusted key, when one is given); nothing about the run',
    profiles: 'any',
    clauses: ['P_INTACT', 'P_SIGNED'],
    trust: 'when given',
  },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;
export const POLICY_NAMES = Object.keys(POLICIES) as PolicyName[];

export const isPolicyName = (name: string): name is PolicyName => Object.hasOwn(POLICIES, name);

export const policyOf = (name: PolicyName): Policy => POLICIES[name];

/** The run profiles whose evidence can meet the policy. */
export function profilesOf(name: PolicyName): string[] {
  const takesEvidence = (p: (typeof RUN_PROFILE_NAMES)[number]) => runProfile(p).evidence;
  return policyOf(name).profiles === 'any' ? [...RUN_PROFILE_NAMES] : RUN_PROFILE_NAMES.filter(takesEvidence);
}

/** Whether an evidence of `profile` can ever meet the policy. */
export function profileCanMeet(name: PolicyName, profile: string): boolean {
  return policyOf(name).profiles === 'any' || (isRunProfile(profile) && profilesOf(name).includes(profile));
}

/** The policy an evidence of `profile` is held to when none is named: the one made for it, else integrity. */
export function defaultPolicy(profile: string): PolicyName {
  return POLICY_NAMES.find((name) => policyOf(name).profiles !== 'any' && profileCanMeet(name, profile)) ?? 'integrity';
}
