/**
 * A check table bound to one verify(): each entry `(exchange, expectation, scope)` becomes
 * `t.expect.<key>(exchange, expectation)`, its scope carrying the key (the violation's `check`),
 * the check's rules and the loaded contract. `rules(...ids)` narrows the rules a violation names
 * to a subset of the check's own (one exchange, several rules).
 */
import type { Exchange } from '../model.js';
import type { Check, CheckScope, ResponseValidator, UnjudgedSink } from './scope.js';
import type { Disagreement } from './disagreements.js';
import type { NoteSink } from './note.js';
import { CHECKS, type CheckTable } from './table.js';

/** What a check expects beside the exchange; optional where the check accepts none. */
type ExpectationArgs<C> =
  C extends Check<infer E> ? (undefined extends E ? [expectation?: E] : [expectation: E]) : never;

/** One table entry, bound: the scope is supplied, the exchange and expectation remain. */
export type BoundCheck<C> = (exchange: Exchange, ...expectation: ExpectationArgs<C>) => void;

export type Bound<T extends CheckTable> = { readonly [K in keyof T]: BoundCheck<T[K]> } & {
  /** The same checks naming only these rules (each must be one of the check's rules). */
  rules(...ids: string[]): Bound<T>;
};

/** The check library as a suite sees it: `t.expect`. */
export type BoundChecks = Bound<typeof CHECKS>;

/** What a bound check knows beside its rules and contract (see CheckScope). */
export interface BoundEnvironment {
  disagreements?: readonly Disagreement[];
  note?: NoteSink;
  /**
   * Told of every exchange a check judges, with the rules it judges it for (a rule passes only on
   * such an exchange).
   */
  judged?: (exchange: Exchange, rules: readonly string[]) => void;
  /** Told when a check found nothing to judge an exchange against (CheckScope.unjudged). */
  unjudged?: UnjudgedSink;
}

/** Binds every entry of `table` under its own key; the binding is the same for every check. */
export function bindTable<T extends CheckTable>(
  table: T,
  rules: readonly string[],
  contract?: ResponseValidator,
  env: BoundEnvironment = {},
): Bound<T> {
  const bound: Record<string, unknown> = {
    rules(...ids: string[]): Bound<T> {
      const foreign = ids.filter((id) => !rules.includes(id));
      if (ids.length === 0 || foreign.length > 0) {
        throw new Error(
          `expect.rules(${ids.join(', ')}): name one or more of the check's own rules (${rules.join(', ')})`,
        );
      }
      return bindTable(table, ids, contract, env);
    },
  };
  const { judged, ...shared } = env;
  for (const [check, run] of Object.entries(table) as Array<[string, Check<unknown>]>) {
    const scope: CheckScope = { check, rules, contract, ...shared };
    bound[check] = (exchange: Exchange, expectation?: unknown) => {
      judged?.(exchange, rules);
      run(exchange, expectation, scope);
    };
  }
  return bound as Bound<T>;
}

/** The check library (table.ts) bound to a check's rules, the loaded contract and its environment. */
export function bindChecks(
  rules: readonly string[],
  contract?: ResponseValidator,
  env: BoundEnvironment = {},
): BoundChecks {
  return bindTable(CHECKS, rules, contract, env);
}
