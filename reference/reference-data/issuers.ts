/**
 * Issuers by state and plan year (reference/data/issuers.json), kept in contract order
 * (2.3: name case-insensitive, then hios_issuer_id), so a filter preserves the order.
 */
import data from '../data/issuers.json' with { type: 'json' };

export interface Issuer {
  hios_issuer_id: string;
  name: string;
}

interface IssuerRecord extends Issuer {
  states: string[];
  fromYear?: number;
  toYear?: number;
  years?: number[];
}

export function compareIssuers(a: Issuer, b: Issuer): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.hios_issuer_id < b.hios_issuer_id ? -1 : a.hios_issuer_id > b.hios_issuer_id ? 1 : 0;
}

const records: IssuerRecord[] = [...(data.issuers as IssuerRecord[])].sort(compareIssuers);

export const ISSUER_STATES: ReadonlySet<string> = new Set(records.flatMap((r) => r.states));

function activeIn(r: IssuerRecord, year: number): boolean {
  if (r.years) return r.years.includes(year);
  return (r.fromYear ?? 0) <= year && year <= (r.toYear ?? Number.MAX_SAFE_INTEGER);
}

export function issuersFor(state: string, year: number): Issuer[] {
  return records.filter((r) => r.states.includes(state) && activeIn(r, year)).map((r) => ({ name: r.name, hios_issuer_id: r.hios_issuer_id }));
}
