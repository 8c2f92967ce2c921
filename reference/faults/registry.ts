/**
 * The registry of switches: the family tables in order, flattened once. Refuses a name used
 * twice; keeps faults and variants apart, since only faults must be caught.
 */
import type { Fault, Switch, SwitchTable, Variant } from '../core/switch.js';

export interface Registry {
  /** Every switch, in table order. */
  switches: readonly Switch[];
  /** The faults, in table order: what `--list-faults` and the mutation campaign see. */
  faults: readonly Fault[];
  variants: readonly Variant[];
  find(name: string): Switch | undefined;
}

export function buildRegistry(tables: readonly SwitchTable[]): Registry {
  const byName = new Map<string, Switch>();
  for (const table of tables) {
    for (const s of Object.values(table)) {
      if (byName.has(s.name)) throw new Error(`duplicate switch name ${s.name}`);
      byName.set(s.name, s);
    }
  }
  const switches = [...byName.values()];
  return {
    switches,
    faults: switches.filter((s): s is Fault => s.kind === 'fault'),
    variants: switches.filter((s): s is Variant => s.kind === 'variant'),
    find: (name) => byName.get(name),
  };
}
