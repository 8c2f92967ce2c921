/**
 * Every named fault of the reference server, gathered from the fault table of each module.
 * Names are unique; each fault names the one rule of specs/rules.json it breaks.
 */
import { faults as core } from '../core/faults.js';
import { faults as enrollments } from '../enrollments/faults.js';
import { faults as legacy } from '../legacy/faults.js';
import { faults as medicare } from '../medicare/faults.js';
import { faults as policyStatus } from '../policy-status/faults.js';
import { faults as quotes } from '../quotes/faults.js';
import { faults as referenceData } from '../reference-data/faults.js';
import { faults as sessions } from '../sessions/faults.js';
import type { Fault } from '../types.js';
import { faults as utility } from '../utility/faults.js';

export const allFaults: readonly Fault[] = [
  ...core,
  ...utility,
  ...referenceData,
  ...quotes,
  ...sessions,
  ...policyStatus,
  ...enrollments,
  ...legacy,
  ...medicare,
];

const byName = new Map<string, Fault>();
for (const fault of allFaults) {
  if (byName.has(fault.name)) throw new Error(`duplicate fault name ${fault.name}`);
  byName.set(fault.name, fault);
}

export function findFault(name: string): Fault | undefined {
  return byName.get(name);
}

export const faultNames = (): string[] => [...byName.keys()];
