/**
 * The contact members 2.9 names, and what a partial update may be held to: only these, plus
 * the `id` and `slug` the response adds. A member 2.9 does not list (a timestamp, a version) may
 * change on every write, so it is never compared.
 */
const CONTACT_MEMBERS = [
  'external_id',
  'first_name',
  'last_name',
  'address_1',
  'address_2',
  'birth_date',
  'city',
  'email',
  'extra_help',
  'medicaid_eligible',
  'medicaid_number',
  'medicare_number',
  'medicare_part_a_effective_date',
  'medicare_part_b_effective_date',
  'phone',
  'sex',
  'state',
  'type',
  'zip',
] as const;

/**
 * Members of the response contact a partial update must keep: 2.9's (without `notes`, which it omits), `id` and `slug`.
 */
const KEPT = [...CONTACT_MEMBERS, 'id', 'slug'];

/** The 2.9 members (and `id`, `slug`) other than `named` whose JSON value differs between two answers. */
export function changedMembers(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  named: readonly string[],
): string[] {
  return KEPT.filter((k) => !named.includes(k) && JSON.stringify(after[k]) !== JSON.stringify(before[k]));
}
