/** A partial contact update (4.17) is held only to the members 2.9 names, and `id` and `slug`. */
import { describe, expect, test } from 'vitest';
import { changedMembers } from '../../suites/medicare/contact-members.js';

const BEFORE = {
  id: 'ct_1',
  slug: 'ann-lee',
  first_name: 'Ann',
  address_1: '1 Main St',
  address_2: 'Apt 2',
  extra_help: false,
  updated_at: '2026-01-01T00:00:00Z',
  version: 3,
};

describe('changedMembers', () => {
  test('a member 2.9 does not list may change on every write', () => {
    expect(changedMembers(BEFORE, { ...BEFORE, updated_at: '2026-01-01T00:00:01Z', version: 4 }, [])).toEqual([]);
  });

  test('a 2.9 member, id or slug that changed unasked is named; the one the update named is not', () => {
    const after = { ...BEFORE, address_1: 'new', address_2: null, slug: 'other' };
    expect(changedMembers(BEFORE, after, ['address_1'])).toEqual(['address_2', 'slug']);
  });

  test('a member cleared (left out of the answer) counts as changed', () => {
    const { first_name: _, ...after } = BEFORE;
    expect(changedMembers(BEFORE, after, [])).toEqual(['first_name']);
  });
});
