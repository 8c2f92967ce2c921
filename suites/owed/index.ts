/**
 * What every operation owes, registered from the operations table (suites/operations.ts): for
 * each operation of a family and each check of OWED that applies to it, one check of that
 * family, titled after the operation's route (or its particular title, particulars.ts), naming
 * the rules it proves. Each family's `owed.conformance.ts` calls `registerOwed(family)`; its
 * `owed-429.conformance.ts` calls `registerOwed(family, 'limited')`: those files run one after
 * the other at the end of the run, so one emptied bucket serves every operation (rate.ts).
 * A new operation is one entry of its family's table; a new check every operation owes, one entry
 * of OWED (and its file). test/owed.test.ts holds the table to the checks.
 */
import type { Family } from '../../harness/model.js';
import { verify, type CheckContext, type Needs } from '../../harness/suite/index.js';
import type { CheckProfiles } from '../../harness/run-profiles.js';
import { OPERATIONS, type OperationEntry } from '../operations.js';
import { MALFORMED_JSON, MEDIA_TYPE, TOO_LARGE } from './bodies.js';
import { GATE, OPEN_ACCESS } from './gate.js';
import { HOSTILE } from './hostile.js';
import { BOUNDS } from './bounds.js';
import { INVALID_KEY, MISSING_KEY } from './keys.js';
import { PARTICULARS, type Particular } from './particulars.js';
import { RATE_LIMITED } from './rate.js';
import { SUCCESS, SUCCESS_ANY_STATUS } from './success.js';
import type { Applies, Owed, OwedName } from './types.js';

/** The checks every operation owes, in the order each family's file registers them. */
export const OWED: readonly Owed[] = [
  MISSING_KEY,
  INVALID_KEY,
  GATE,
  OPEN_ACCESS,
  TOO_LARGE,
  MEDIA_TYPE,
  MALFORMED_JSON,
  HOSTILE,
  SUCCESS,
  SUCCESS_ANY_STATUS,
  BOUNDS,
];

/** The checks that run with their key's bucket empty, in their own files (see above). */
export const OWED_LIMITED: readonly Owed[] = [RATE_LIMITED];

/** One cell of the matrix of operations and owed checks: what is registered, or why nothing is. */
export interface Owing {
  operationId: string;
  /** The route it is owed on (an operation under two paths owes its checks on each). */
  route: string;
  family: Family;
  owed: OwedName;
  applies: Applies;
  /** When a check is registered (or held by the family's): its title, rules and needs. */
  check?: { title: string; rules: string[]; needs: Needs; profiles?: CheckProfiles };
}

/** A route's path as the documents write it: `POST /aptc_estimates` -> `/aptc_estimates`. */
const pathOf = (route: string): string => route.slice(route.indexOf(' ') + 1);

/**
 * Every route of `ops`: an operation its documents give under more than one path (`alsoAt`: 4.16's APTC estimates,
 * "also written `POST /aptc_estimates`") owes its checks on each, its valid request sent at that path.
 */
function routesOf(ops: readonly OperationEntry[]): OperationEntry[] {
  return ops.flatMap((op) => [
    op,
    ...(op.alsoAt ?? []).map((route) => {
      if (route.includes('{')) throw new Error(`${op.operationId}: another route with parameters (${route})`);
      const request = async (t: CheckContext) => ({ ...(await op.request(t)), path: pathOf(route) });
      // No route besides its own: what differs for it is keyed by its route alone (particularOf).
      return { ...op, route, alsoAt: [], request };
    }),
  ]);
}

/** Where `op`'s check `name` differs: by its route, else (on its entry's own route) by its operationId. */
const particularOf = (op: OperationEntry, name: OwedName): Particular =>
  PARTICULARS[op.route]?.[name] ?? (op.alsoAt?.length === 0 ? {} : (PARTICULARS[op.operationId]?.[name] ?? {}));

/** What an operation owes of a check, as its particular has it: not owed after all, or unstated by its documents. */
function appliesWith(particular: Particular, applies: Applies): Applies {
  if (particular.notOwed !== undefined) return { reason: particular.notOwed };
  if (particular.unstated !== undefined && 'rules' in applies)
    return { rules: applies.rules, unstated: particular.unstated };
  return applies;
}

/** What `op` owes of `o`: what is registered for it, or why nothing is. */
function owing(op: OperationEntry, o: Owed): Owing {
  const base = { operationId: op.operationId, route: op.route, family: op.family, owed: o.name };
  const particular = particularOf(op, o.name);
  const owed = appliesWith(particular, o.applies(op));
  if (!('rules' in owed)) return { ...base, applies: owed };
  const applies: Applies = particular.heldBy === undefined ? owed : { rules: owed.rules, heldBy: particular.heldBy };
  const rules = [...owed.rules, ...(particular.rules ?? [])];
  const needs: Needs = 'unstated' in owed ? { ...o.needs(op), unstated: owed.unstated } : o.needs(op);
  const title = particular.heldBy ?? particular.title ?? o.title(op);
  const profiles = particular.profiles === undefined ? {} : { profiles: particular.profiles };
  return { ...base, applies, check: { title, rules, needs, ...profiles } };
}

/** What each route of `ops` owes of `owed`: pure, so a test can ask it of a scratch operation. */
export function owingOf(ops: readonly OperationEntry[], owed: readonly Owed[] = [...OWED, ...OWED_LIMITED]): Owing[] {
  return owed.flatMap((o) => routesOf(ops).map((op) => owing(op, o)));
}

/** Registers, for every operation of `family`'s table, the checks it owes (`limited`: those of OWED_LIMITED). */
export function registerOwed(family: Family, which: 'owed' | 'limited' = 'owed'): void {
  const owed = which === 'limited' ? OWED_LIMITED : OWED;
  const table = OPERATIONS.filter((op) => op.family === family);
  const ops = routesOf(table);
  for (const owing of owingOf(table, owed)) {
    if (!owing.check || 'heldBy' in owing.applies) continue;
    const { title, rules, needs, profiles } = owing.check;
    const o = owed.find((x) => x.name === owing.owed)!;
    const op = ops.find((x) => x.route === owing.route)!;
    verify(title, rules, (t) => o.run(t, op, rules), { needs, ...(profiles !== undefined ? { profiles } : {}) });
  }
}
