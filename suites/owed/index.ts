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
import { verify, type Needs } from '../../harness/suite/index.js';
import type { CheckProfiles } from '../../harness/run-profiles.js';
import { OPERATIONS, type OperationEntry } from '../operations.js';
import { MALFORMED_JSON, MEDIA_TYPE, TOO_LARGE } from './bodies.js';
import { GATE, OPEN_ACCESS } from './gate.js';
import { HOSTILE } from './hostile.js';
import { INVALID_KEY, MISSING_KEY } from './keys.js';
import { PARTICULARS } from './particulars.js';
import { RATE_LIMITED } from './rate.js';
import { SUCCESS } from './success.js';
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
];

/** The checks that run with their key's bucket empty, in their own files (see above). */
export const OWED_LIMITED: readonly Owed[] = [RATE_LIMITED];

/** One cell of the matrix of operations and owed checks: what is registered, or why nothing is. */
export interface Owing {
  operationId: string;
  family: Family;
  owed: OwedName;
  applies: Applies;
  /** When a check is registered (or held by the family's): its title, rules and needs. */
  check?: { title: string; rules: string[]; needs: Needs; profiles?: CheckProfiles };
}

/** What `op` owes of `o`: what is registered for it, or why nothing is. */
function owing(op: OperationEntry, o: Owed): Owing {
  const base = { operationId: op.operationId, family: op.family, owed: o.name };
  const particular = PARTICULARS[op.operationId]?.[o.name] ?? {};
  const owed = o.applies(op);
  if (!('rules' in owed)) return { ...base, applies: owed };
  const applies: Applies = particular.heldBy === undefined ? owed : { rules: owed.rules, heldBy: particular.heldBy };
  const rules = particular.rule ? [...owed.rules, particular.rule] : owed.rules;
  const needs: Needs = 'unstated' in owed ? { ...o.needs(op), unstated: owed.unstated } : o.needs(op);
  const title = particular.heldBy ?? particular.title ?? o.title(op);
  const profiles = particular.profiles === undefined ? {} : { profiles: particular.profiles };
  return { ...base, applies, check: { title, rules, needs, ...profiles } };
}

/** What each of `ops` owes of `owed`: pure, so a test can ask it of a scratch operation. */
export function owingOf(ops: readonly OperationEntry[], owed: readonly Owed[] = [...OWED, ...OWED_LIMITED]): Owing[] {
  return owed.flatMap((o) => ops.map((op) => owing(op, o)));
}

/** Registers, for every operation of `family`'s table, the checks it owes (`limited`: those of OWED_LIMITED). */
export function registerOwed(family: Family, which: 'owed' | 'limited' = 'owed'): void {
  const owed = which === 'limited' ? OWED_LIMITED : OWED;
  const ops = OPERATIONS.filter((op) => op.family === family);
  for (const owing of owingOf(ops, owed)) {
    if (!owing.check || 'heldBy' in owing.applies) continue;
    const { title, rules, needs, profiles } = owing.check;
    const o = owed.find((x) => x.name === owing.owed)!;
    const op = ops.find((x) => x.operationId === owing.operationId)!;
    verify(title, rules, (t) => o.run(t, op, rules), { needs, ...(profiles !== undefined ? { profiles } : {}) });
  }
}
