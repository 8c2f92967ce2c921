import type { BoundChecks } from '../../harness/checks/bound.js';
import type { Exchange } from '../../harness/suite/index.js';

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

/** An empty string, or null: a member sent so may be shown either way, or left out (it holds nothing). */
const isEmpty = (v: unknown): boolean => v === '' || v === null || v === undefined;

/**
 * Members the update's `contact` sends that the answer's contact shows otherwise (MEDICARE-PARTIAL-UPDATE: the
 * included fields change to what was sent); `notes` is never shown (2.9).
 */
function sentShownOtherwise(sent: Record<string, unknown>, shown: Record<string, unknown>): string[] {
  return Object.keys(sent)
    .filter((k) => k !== 'notes')
    .filter((k) => (isEmpty(sent[k]) ? !isEmpty(shown[k]) : JSON.stringify(shown[k]) !== JSON.stringify(sent[k])))
    .map((k) => `${k} ${JSON.stringify(sent[k])} -> ${k in shown ? JSON.stringify(shown[k]) : 'not shown'}`);
}

/** The answer's contact shows every member the update sent (but `notes`) as sent. */
export function expectContactShowsSent(
  expect: BoundChecks,
  ex: Exchange,
  sent: Record<string, unknown>,
  shown: Record<string, unknown>,
): void {
  const changed = sentShownOtherwise(sent, shown);
  expect.that(ex, {
    holds: changed.length === 0,
    title: 'the member the update names is not what it sent',
    expected: `${Object.keys(sent)
      .filter((k) => k !== 'notes')
      .join(', ')} as the update sent them`,
    observed: () => changed.join('; '),
  });
}
