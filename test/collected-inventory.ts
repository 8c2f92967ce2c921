/**
 * Every check of every family as collected from the suite files (no check run), for a test
 * file: one runner collects them before its tests and is closed after.
 */
import { afterAll, beforeAll } from 'vitest';
import { createSuiteRunner, type SuiteRunner } from '../engine/suite-runner.js';
import { FAMILIES } from '../harness/model.js';
import type { InventoryCheck } from '../reports/required.js';

/** The inventory, filled before the file's tests run (read it inside a test, not at import). */
export function useInventory(): { readonly checks: InventoryCheck[] } {
  const collected = { checks: [] as InventoryCheck[] };
  let runner: SuiteRunner | undefined;
  beforeAll(async () => {
    runner = await createSuiteRunner([...FAMILIES]);
    collected.checks = (await runner.collect?.([...FAMILIES])) ?? [];
  }, 120_000);
  afterAll(() => runner?.close());
  return collected;
}
