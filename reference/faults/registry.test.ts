/** The registry flattens tables in order, refuses a name twice and keeps variants out of the faults. */
import { describe, expect, it } from 'vitest';
import { faultsOf, variantsOf } from '../core/declare-fault.js';
import { serverProbe } from '../core/probe.js';
import { buildRegistry } from './registry.js';

const { flag } = faultsOf('quotes');
const probe = serverProbe(async () => null);
const first = flag('a-fault', 'QUOTES-200', 'One.', probe);
const second = flag('b-fault', 'QUOTES-200', 'Two.', probe);
const variant = variantsOf('quotes').variant('quotes-answer-201', '4.5', 'A quote answers 201.', probe);

describe('switch registry', () => {
  it('keeps table order across tables', () => {
    expect(buildRegistry([{ second }, { first }]).faults.map((f) => f.name)).toEqual(['b-fault', 'a-fault']);
  });

  it('refuses a name declared twice, in one table or two', () => {
    expect(() => buildRegistry([{ first, again: first }])).toThrow('duplicate switch name a-fault');
    expect(() => buildRegistry([{ first }, { other: { ...second, name: 'a-fault' } }])).toThrow(
      'duplicate switch name a-fault',
    );
  });

  it('finds a variant by name but never lists it among the faults a suite must catch', () => {
    const registry = buildRegistry([{ first, variant }]);
    expect(registry.faults).toEqual([first]);
    expect(registry.variants).toEqual([variant]);
    expect(registry.find('quotes-answer-201')).toBe(variant);
    expect(registry.switches).toHaveLength(2);
  });
});
