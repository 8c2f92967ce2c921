/**
 * Every named switch of the reference server, gathered from the table of each family in a
 * fixed order (the order `--list-faults` and the mutation campaign show). A new fault is one
 * entry in its family's table; a new table is one line here.
 */
import { CORE_FAULTS } from '../core/faults.js';
import type { Fault, Switch, Variant } from '../core/switch.js';
import { ENROLLMENT_FAULTS } from '../enrollments/faults.js';
import { LEGACY_FAULTS } from '../legacy/faults.js';
import { MEDICARE_FAULTS } from '../medicare/faults.js';
import { OPERATION_FAULTS } from './operations/index.js';
import { POLICY_FAULTS } from '../policy-status/faults.js';
import { QUOTE_FAULTS } from '../quotes/faults.js';
import { REFERENCE_FAULTS } from '../reference-data/faults.js';
import { SESSION_FAULTS } from '../sessions/faults.js';
import { UTILITY_FAULTS } from '../utility/faults.js';
import { buildRegistry } from './registry.js';

const registry = buildRegistry([
  CORE_FAULTS,
  UTILITY_FAULTS,
  REFERENCE_FAULTS,
  QUOTE_FAULTS,
  SESSION_FAULTS,
  POLICY_FAULTS,
  ENROLLMENT_FAULTS,
  LEGACY_FAULTS,
  MEDICARE_FAULTS,
  // Generated per operation, one route each: last, so each family's own faults lead its list.
  OPERATION_FAULTS,
]);

export const allFaults: readonly Fault[] = registry.faults;

export const allVariants: readonly Variant[] = registry.variants;

export const allSwitches: readonly Switch[] = registry.switches;

export function findFault(name: string): Fault | undefined {
  const s = registry.find(name);
  return s?.kind === 'fault' ? s : undefined;
}

export function findVariant(name: string): Variant | undefined {
  const s = registry.find(name);
  return s?.kind === 'variant' ? s : undefined;
}

export const faultNames = (): string[] => allFaults.map((f) => f.name);

export const variantNames = (): string[] => allVariants.map((v) => v.name);
