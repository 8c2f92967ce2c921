/**
 * Writes the contract says change nothing: a read-only run (the smoke profile, a `readOnly`
 * target) may send them when the target profile opts in by operation (`sideEffectFreeWrites`,
 * whose schema enum is this table's keys). Every other write stays refused by the client.
 */
export const SIDE_EFFECT_FREE_WRITES: Readonly<Record<string, string>> = {
  // 1 and 4.5: quotes are returned for a request; no section names anything a quote creates or stores.
  'POST /v1/quotes': 'a quote request returns quote results computed for it; nothing is created or stored (1, 4.5)',
};

/** The writes of `opted` (a target profile's list) the contract allows a read-only run to send. */
export function sideEffectFreeWrites(opted: readonly string[] | undefined): string[] {
  return (opted ?? []).filter((write) => Object.hasOwn(SIDE_EFFECT_FREE_WRITES, write));
}
