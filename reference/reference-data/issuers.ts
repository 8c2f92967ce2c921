/**
 * Issuers by state and plan year, kept in contract order (2.3: name case-insensitive, then
 * hios_issuer_id), so a filter preserves the order. The hand-written issuers of
 * reference/data/issuers.json (with their ordering traps) cover their states; every other state
 * of the 50 and DC gets issuers generated from reference/data/issuer-seeds.json.
 */
import data from '../data/issuers.json' with { type: 'json' };
import seeds from '../data/issuer-seeds.json' with { type: 'json' };
import { countyNames } from './zip-sources.js';

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

function compareIssuers(a: Issuer, b: Issuer): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.hios_issuer_id < b.hios_issuer_id ? -1 : a.hios_issuer_id > b.hios_issuer_id ? 1 : 0;
}

/** Digit between the state's FIPS code and the issuer's number: no hand-written id has it there. */
const GENERATED_MARK = '7';

function generated(): IssuerRecord[] {
  const stateFips = new Map(countyNames().map((c) => [c.state, c.fips.slice(0, 2)]));
  return Object.entries(seeds.states as Record<string, { name: string; local: string[] }>).flatMap(([state, seed]) => {
    const names = [
      ...seeds.templates.map((t: { name: string; fromYear?: number }) => ({
        name: t.name.replace('{state}', seed.name),
        fromYear: t.fromYear ?? 2020,
      })),
      ...seed.local.map((name) => ({ name, fromYear: 2020 })),
    ];
    return names.map((n, i) => ({
      hios_issuer_id: `${stateFips.get(state)}${GENERATED_MARK}${String(i + 1).padStart(2, '0')}`,
      name: n.name,
      states: [state],
      fromYear: n.fromYear,
    }));
  });
}

const records: IssuerRecord[] = [...(data.issuers as IssuerRecord[]), ...generated()].sort(compareIssuers);

const byState = new Map<string, IssuerRecord[]>();
for (const r of records) for (const s of r.states) byState.set(s, [...(byState.get(s) ?? []), r]);

export const ISSUER_STATES: ReadonlySet<string> = new Set(byState.keys());

function activeIn(r: IssuerRecord, year: number): boolean {
  if (r.years) return r.years.includes(year);
  return (r.fromYear ?? 0) <= year && year <= (r.toYear ?? Number.MAX_SAFE_INTEGER);
}

export function issuersFor(state: string, year: number): Issuer[] {
  return (byState.get(state) ?? [])
    .filter((r) => activeIn(r, year))
    .map((r) => ({ name: r.name, hios_issuer_id: r.hios_issuer_id }));
}

/** Every issuer record, for tests of the data (ids unique, 5 digits). */
export function allIssuerIds(): string[] {
  return records.map((r) => r.hios_issuer_id);
}
