/**
 * "By `name` case-insensitive, then by `hios_issuer_id`" (2.3) names no collation. Each reading
 * below is case-insensitive; a list sorted under any one of them keeps the rule. Lowercasing and
 * uppercasing order `_` against letters differently; a locale collation orders accented letters
 * with their base letter, and may skip spaces and punctuation ("Blue Cross" against "BlueCare").
 */
import type { BoundChecks } from '../../harness/checks/bound.js';
import type { Exchange } from '../../harness/model.js';

export interface NameOrder {
  label: string;
  compare(a: string, b: string): number;
}

const codeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const collator = (options: Intl.CollatorOptions): NameOrder['compare'] =>
  new Intl.Collator('en', { sensitivity: 'accent', ...options }).compare;

const NAME_ORDERS: readonly NameOrder[] = [
  { label: 'lowercased, code-unit order', compare: (a, b) => codeUnits(a.toLowerCase(), b.toLowerCase()) },
  { label: 'uppercased, code-unit order', compare: (a, b) => codeUnits(a.toUpperCase(), b.toUpperCase()) },
  { label: 'locale collation (en), case ignored', compare: collator({}) },
  {
    label: 'locale collation (en), case, spaces and punctuation ignored',
    compare: collator({ ignorePunctuation: true }),
  },
];

export interface Issuer {
  name?: unknown;
  hios_issuer_id?: unknown;
}

/** 5-digit ids: their string order is their numeric order. */
const byId = (a: Issuer, b: Issuer): number => codeUnits(String(a.hios_issuer_id), String(b.hios_issuer_id));

/** The index of the first issuer out of order under `order` (then by id when `tiebreak`), or -1. */
function firstOutOfOrder(list: readonly Issuer[], order: NameOrder, tiebreak: boolean): number {
  for (let i = 1; i < list.length; i += 1) {
    const byName = order.compare(String(list[i - 1]!.name), String(list[i]!.name));
    if (byName > 0 || (tiebreak && byName === 0 && byId(list[i - 1]!, list[i]!) > 0)) return i;
  }
  return -1;
}

/** The readings under which the names are in order. */
export const namesSortedUnder = (list: readonly Issuer[]): NameOrder[] =>
  NAME_ORDERS.filter((o) => firstOutOfOrder(list, o, false) === -1);

/** The readings under which names are in order and ties are broken by id. */
export const sortedWithTiebreakUnder = (list: readonly Issuer[]): NameOrder[] =>
  NAME_ORDERS.filter((o) => firstOutOfOrder(list, o, true) === -1);

/** Where the list first leaves the first reading's order, for a report. */
function describeDisorder(list: readonly Issuer[], tiebreak: boolean): string {
  const i = firstOutOfOrder(list, NAME_ORDERS[0]!, tiebreak);
  return i < 0
    ? 'in order under the first reading'
    : `item ${i - 1} ${JSON.stringify(list[i - 1])} before item ${i} ${JSON.stringify(list[i])} ` +
        `(${NAME_ORDERS[0]!.label})`;
}

const READINGS = NAME_ORDERS.map((o) => o.label).join('; ');

/**
 * Issuers in the stated order (2.3): by name under some case-insensitive reading, ties by
 * hios_issuer_id. Order first by name alone, so a wrong tiebreak is reported as such and not as a wrong order.
 */
export function expectIssuersOrdered(expect: BoundChecks, ex: Exchange, list: readonly Issuer[]): void {
  expect.rules('ISSUERS-ORDER').that(ex, {
    holds: namesSortedUnder(list).length > 0,
    title: 'list out of order',
    expected: `ascending by name, case-insensitive, under one of: ${READINGS}`,
    observed: () => describeDisorder(list, false),
  });
  expect.rules('ISSUERS-ORDER-TIEBREAK').that(ex, {
    holds: sortedWithTiebreakUnder(list).length > 0,
    title: 'tie not broken by hios_issuer_id',
    expected: 'equal names (under the reading the list is sorted by) in hios_issuer_id order',
    observed: () => describeDisorder(list, true),
  });
}
