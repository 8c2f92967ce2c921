/**
 * Every key role and fixture a target profile may name, declared once: what it is for a real
 * staging, and for a fixture the type and format of its value. The profile loader refuses a
 * name that is not here and a value not of its format (harness/profile-names.ts); the profile
 * schema's `keys` and `fixtures` (specs/target-profile.schema.json), docs/profiles.md's tables and the
 * `plan` command come from this table (`npm run docs:profile` writes the first two; tests hold
 * them equal). Which checks read each comes from the inventory of checks, not from here.
 */
import type { Family } from './model.js';
import type { KeyRef } from './run-config.js';

export interface KeyRoleSpec {
  /** What key a staging gives for it. */
  meaning: string;
  /** The conventional environment variable of its key (what `init` writes, and the examples name). */
  env: string;
  /** The rate tier the role is, when the role is a tier (`tierLow`): `init` writes it. */
  tier?: KeyRef['tier'];
  /** Every remote target profile must name it. */
  required?: true;
  /** Families whose checks use it only when present (`t.target.hasRole`); the checks that need it declare it. */
  optionalIn?: readonly Family[];
  /**
   * Its bucket carries part of the run (checks send with it): no deliberate burst (the
   * stage-limit burst, the tiers' measurements) may drain it, or its checks would get 429s that
   * say nothing of what they test. A role without it may be drained.
   */
  carriesRun?: true;
  /**
   * Its checks judge it as a key apart from every other role's (a gate's refusal, a tier's limits,
   * another account's view): when another role holds the same key, those checks skip (`W_KEY_SHARED`
   * says so), since they would judge one key as if it were two.
   */
  ownKey?: true;
  /**
   * The key is of an account other than the approved key's (5.4: approval is per account; 4.9:
   * the list is the approved account's): nothing either account creates may show in the other's
   * answers (the run's account boundary, suites/enrollments/history/boundary.ts). A role without
   * it may share the approved key's account on a real staging.
   */
  anotherAccount?: true;
}

export const KEY_ROLES = {
  approved: {
    env: 'PARTNER_KEY_APPROVED',
    meaning: 'a key approved for every gated family (sessions, policy status, direct enrollment)',
    required: true,
    carriesRun: true,
  },
  unapproved: {
    env: 'PARTNER_KEY_UNAPPROVED',
    meaning: 'a valid key of an account with no approvals (complete setup, so only the gates refuse it)',
    optionalIn: ['enrollment-sessions', 'utility'],
    ownKey: true,
  },
  tierLow: {
    env: 'PARTNER_KEY_TIER_LOW',
    tier: 'low',
    meaning:
      'a key of the low rate tier (1 a second, burst 2), approved for every gated family: the tier and refill ' +
      "checks and every operation's rate-limit check drain it",
    optionalIn: ['utility'],
    ownKey: true,
  },
  tierMedium: {
    env: 'PARTNER_KEY_TIER_MEDIUM',
    tier: 'medium',
    meaning: 'a key of the medium rate tier (5 a second, burst 10)',
    optionalIn: ['utility'],
    ownKey: true,
  },
  tierHigh: {
    env: 'PARTNER_KEY_TIER_HIGH',
    tier: 'high',
    meaning: 'a key of the high rate tier (10 a second, burst 20)',
    optionalIn: ['utility'],
    ownKey: true,
  },
  selfServiceNoAgent: {
    env: 'PARTNER_KEY_NO_DEEPLINK_AGENT',
    meaning: 'a self-service account approved for sessions, without a deeplink agent id (4.6)',
    optionalIn: ['enrollment-sessions', 'utility'],
    ownKey: true,
  },
  oauthUnhealthy: {
    env: 'PARTNER_KEY_OAUTH_UNHEALTHY',
    meaning: 'an agent-assisted account approved for sessions whose marketplace OAuth link is unhealthy (4.6)',
    optionalIn: ['enrollment-sessions', 'utility'],
    ownKey: true,
  },
  reader: {
    env: 'PARTNER_KEY_READER',
    meaning: 'any valid key: carries the ungated families (utility, reference, quotes) in its own rate bucket',
    carriesRun: true,
  },
  sessions: {
    env: 'PARTNER_KEY_SESSIONS',
    meaning:
      'a key that passes the session gates of 4.6 as approved does: carries enrollment sessions in its own bucket',
    carriesRun: true,
  },
  otherAccount: {
    env: 'PARTNER_KEY_OTHER_ACCOUNT',
    meaning:
      "a key of a second account approved for direct enrollment: what it sees and does of the approved account's " +
      '(the account boundary)',
    carriesRun: true,
    ownKey: true,
    anotherAccount: true,
  },
  medicare: {
    env: 'PARTNER_KEY_MEDICARE',
    meaning: 'a key of the Medicare contact API (sent as X-API-Key)',
    carriesRun: true,
  },
  medicareTierLow: {
    env: 'PARTNER_KEY_MEDICARE_TIER_LOW',
    tier: 'low',
    meaning:
      "a key of the Medicare contact API of the low rate tier: the Medicare operation's rate-limit check drains it",
    // That check needs its whole burst: no other burst may drain it (and it is no key of the /v1 API's pings).
    carriesRun: true,
  },
} as const satisfies Record<string, KeyRoleSpec>;

export type KeyRole = keyof typeof KEY_ROLES;

/** The JSON Schema of a fixture's value, in the subset the table uses. */
interface FixtureSchema {
  type: 'string' | 'integer' | 'array';
  pattern?: string;
  enum?: readonly string[];
  format?: 'email';
  minimum?: number;
  maximum?: number;
  minLength?: number;
  items?: { type: 'string'; minLength: number };
  minItems?: number;
}

export interface FixtureSpec {
  /** Type and format of the value. */
  schema: FixtureSchema;
  /** The format in words, for messages and docs/profiles.md. */
  format: string;
  /** What the value must be on a real staging. */
  meaning: string;
  /**
   * Families whose checks read it only when present, with a fallback (`t.target.fixture`);
   * the checks that need it declare it in `needs.fixtures` instead.
   */
  optionalIn?: readonly Family[];
}

const FIVE_DIGITS: FixtureSchema = { type: 'string', pattern: '^[0-9]{5}$' };
const YEAR: FixtureSchema = { type: 'integer', minimum: 2020, maximum: 2099 };
const TOKEN: FixtureSchema = { type: 'string', pattern: '^\\S+$' };
const TEXT: FixtureSchema = { type: 'string', minLength: 1 };
const YEAR_WORDS = 'an integer year from 2020 to 2099, e.g. 2026';
const PLAN_ID = 'a plan HIOS id, no whitespace, e.g. "12345CA0010001"';

/** USPS codes of the states, DC and the territories (the contract's `state` is one, in upper case). */
const STATE_CODES = [
  ...'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND'.split(' '),
  ...'OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'.split(' '),
] as const;

export const FIXTURES = {
  zipCode: {
    schema: FIVE_DIGITS,
    format: 'a 5-digit ZIP code, e.g. "40202"',
    meaning: 'a ZIP code the target has counties for; quotes, sessions and the older ICHRA API are placed there',
    optionalIn: ['enrollment-sessions', 'utility'],
  },
  fipsCode: {
    schema: FIVE_DIGITS,
    format: 'a 5-digit county FIPS code, e.g. "21111"',
    meaning: 'the FIPS code of one of the counties of zipCode',
    optionalIn: ['enrollment-sessions', 'legacy-ichra'],
  },
  crossStateZipCode: {
    schema: FIVE_DIGITS,
    format: 'a 5-digit ZIP code, e.g. "42223"',
    meaning: 'a ZIP code whose counties lie in two states',
  },
  unknownZipCode: {
    schema: FIVE_DIGITS,
    format: 'a 5-digit ZIP code, e.g. "99999"',
    meaning: 'a well-formed ZIP code the target has no county for',
  },
  state: {
    schema: { type: 'string', enum: STATE_CODES },
    format: 'a two-letter USPS code of a state or territory in upper case, e.g. "KY"',
    meaning: 'a state the target has issuers in (and the state of zipCode)',
    optionalIn: ['utility'],
  },
  planYear: {
    schema: YEAR,
    format: YEAR_WORDS,
    meaning: 'a plan year the target quotes and lists issuers for',
    optionalIn: ['reference', 'enrollment-sessions', 'legacy-ichra'],
  },
  currentPlanYear: {
    schema: YEAR,
    format: YEAR_WORDS,
    meaning: "the plan year the target's issuers read defaults to today (default: this year or the next)",
    optionalIn: ['reference'],
  },
  enrollmentPlanYear: {
    schema: YEAR,
    format: YEAR_WORDS,
    meaning: 'the plan year of the applications the run creates (default: this year, so a policy can be active)',
    optionalIn: ['enrollments'],
  },
  policyPlanYear: {
    schema: YEAR,
    format: YEAR_WORDS,
    meaning: 'a plan year the policy-status list has applications for',
    optionalIn: ['utility'],
  },
  coverageType: {
    schema: { type: 'string', enum: ['medical', 'dental', 'vision', 'supplemental_other'] },
    format: 'one of medical, dental, vision, supplemental_other',
    meaning: 'the coverage type the quote checks ask for',
  },
  providerQuery: {
    schema: TEXT,
    format: 'a non-empty search text, e.g. "Health"',
    meaning: 'a provider search text with matches near providerZipCode (at least 100 for the paging checks)',
    optionalIn: ['utility'],
  },
  providerZipCode: {
    schema: FIVE_DIGITS,
    format: 'a 5-digit ZIP code, e.g. "40202"',
    meaning: 'the ZIP code providers are searched near (default: zipCode)',
    optionalIn: ['reference', 'utility'],
  },
  confirmationId: {
    schema: TOKEN,
    format: 'a confirmation id, no whitespace, e.g. "4412026000"',
    meaning: 'the confirmation id of an existing on-exchange application (the policy-status read)',
  },
  planFull: {
    schema: TOKEN,
    format: PLAN_ID,
    meaning:
      'a test carrier plan that supports cancellation, termination, post-enrollment changes and payment ' +
      'redirect, and accepts submissions',
    optionalIn: ['enrollments'],
  },
  planLimited: {
    schema: TOKEN,
    format: PLAN_ID,
    meaning: 'a test carrier plan that refuses cancellation, termination and post-enrollment changes',
    optionalIn: ['enrollments'],
  },
  planSubmissionFails: {
    schema: TOKEN,
    format: PLAN_ID,
    meaning: 'a test carrier plan whose submissions end submission_failed',
    optionalIn: ['enrollments'],
  },
  legacyPlanHiosId: {
    schema: TOKEN,
    format: PLAN_ID,
    meaning: 'a plan the older ICHRA API knows (its plan lookup, deeplinks and applications)',
  },
  slowExternalId: {
    schema: TOKEN,
    format: 'an external_id, no whitespace, e.g. "slow-reference"',
    meaning: 'an external_id whose idempotent create the target holds in progress for a moment (in-progress races)',
    // The overlaps draw slow creates with it, plain ones without.
    optionalIn: ['enrollments'],
  },
  serverErrorExternalId: {
    schema: TOKEN,
    format: 'an external_id, no whitespace, e.g. "fail-5xx-reference"',
    meaning: 'an external_id whose idempotent create the target answers with a stored 5xx',
  },
  sessionPlanId: {
    schema: TOKEN,
    format: 'a plan id, no whitespace',
    meaning: 'a plan id a self-service enrollment session may name in plan_id',
    optionalIn: ['enrollment-sessions'],
  },
  sessionProduct: {
    schema: { type: 'string', enum: ['aca'] },
    format: 'aca',
    meaning: 'the product of session bodies (default aca)',
    optionalIn: ['enrollment-sessions'],
  },
  sessionExchange: {
    schema: { type: 'string', enum: ['on_exchange'] },
    format: 'on_exchange',
    meaning: 'the exchange of session bodies (default on_exchange)',
    optionalIn: ['enrollment-sessions'],
  },
  sessionCoverageFamily: {
    schema: { type: 'string', enum: ['medical'] },
    format: 'medical',
    meaning: 'the coverage family of session bodies (default medical)',
    optionalIn: ['enrollment-sessions'],
  },
  sessionCoverageType: {
    schema: { type: 'string', enum: ['medical'] },
    format: 'medical',
    meaning: 'the coverage type of session bodies (default medical)',
    optionalIn: ['enrollment-sessions'],
  },
  sessionLocale: {
    schema: { type: 'string', enum: ['en-US', 'es-MX'] },
    format: 'en-US or es-MX',
    meaning: 'the locale of session bodies (default en-US)',
    optionalIn: ['enrollment-sessions'],
  },
  medicareContactId: {
    schema: TOKEN,
    format: 'a contact id, no whitespace, e.g. "ct_1001"',
    meaning: 'an existing Medicare contact the run may read and update',
  },
  medicareAgentEmail: {
    schema: { type: 'string', format: 'email' },
    format: 'an email address',
    meaning: 'the email of the Medicare agent the contact belongs to',
  },
  paymentFieldKeys: {
    schema: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    format: 'a list of non-empty strings',
    meaning: "the keys of planFull's carrier payment form, handed over unchanged (default: not compared)",
    optionalIn: ['enrollments'],
  },
  maxBodyBytes: {
    schema: { type: 'integer', minimum: 1 },
    format: 'a positive integer of bytes, e.g. 1048576',
    meaning: 'the request body size above which the target answers 413',
  },
} as const satisfies Record<string, FixtureSpec>;

export type FixtureName = keyof typeof FIXTURES;

export const KEY_ROLE_NAMES = Object.keys(KEY_ROLES) as KeyRole[];
export const FIXTURE_NAMES = Object.keys(FIXTURES) as FixtureName[];

/** The role's checks need a key no other role of the profile holds (`ownKey`). */
export const needsOwnKey = (role: string): boolean =>
  Object.hasOwn(KEY_ROLES, role) && (KEY_ROLES as Record<string, KeyRoleSpec>)[role]!.ownKey === true;

/** The entry of a fixture, read through the wide type. */
export function fixtureSpec(name: string): FixtureSpec | undefined {
  return Object.hasOwn(FIXTURES, name) ? (FIXTURES as Record<string, FixtureSpec>)[name] : undefined;
}
