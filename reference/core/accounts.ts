/**
 * Sandbox accounts (reference/data/accounts.json). Lookup by key value goes through a map
 * built once; key values never leave this module except through `referenceKeyEnv`.
 */
import data from '../data/accounts.json' with { type: 'json' };
import type { Account, Gate } from '../types.js';

interface AccountRecord extends Account {
  env: string;
  key: string;
}

const records: AccountRecord[] = data.accounts.map((a) => ({
  ...a,
  tier: a.tier as Account['tier'],
  approvals: a.approvals as Gate[],
}));

const byKey = new Map<string, Account>(records.map((r) => [r.key, toAccount(r)]));

function toAccount(r: AccountRecord): Account {
  const { env: _env, key: _key, ...account } = r;
  return Object.freeze(account);
}

/** The account a key value belongs to, or undefined for a missing or unknown key. */
export function accountForKey(key: string | undefined): Account | undefined {
  return key === undefined ? undefined : byKey.get(key);
}

/** Every sandbox account, in the order of accounts.json. */
export const allAccounts = (): Account[] => records.map(toAccount);

/** The account playing a profile role (e.g. `approved`). */
export function accountForRole(role: string): Account | undefined {
  const r = records.find((x) => x.role === role);
  return r ? toAccount(r) : undefined;
}

/** Environment variable name → key value, for the reference server's own target profile. */
export function keyEnv(): Record<string, string> {
  return Object.fromEntries(records.map((r) => [r.env, r.key]));
}

/** Role → key value, for in-process tests that talk to the server directly. */
export function keyForRole(role: string): string {
  const r = records.find((x) => x.role === role);
  if (!r) throw new Error(`no sandbox account plays the role ${role}`);
  return r.key;
}
