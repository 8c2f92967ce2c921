/**
 * The provider directory, generated deterministically from reference/data/providers-seed.json:
 * provider i always gets the same name, NPI (10 digits with a valid Luhn check digit) and
 * address, so searches and pages are stable across runs. `count` grows it for scale runs.
 */
import seed from '../data/providers-seed.json' with { type: 'json' };

export interface Provider {
  first_name: string;
  last_name: string;
  organization_name: string | null;
  display_name: string;
  credential: string;
  entity_type: 'individual';
  npi: string;
  specialty: string;
  specialization: string;
  address_line_1: string;
  city: string;
  state: string;
  zip_code: string;
}

export const DEFAULT_PROVIDER_COUNT = 150;

/** NPI check digit: Luhn over the 80840 prefix plus the 9-digit base. */
export function npiFor(base9: string): string {
  let sum = 24; // the doubled-and-summed contribution of the 80840 prefix
  for (let i = 0; i < 9; i++) {
    let d = Number(base9[8 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${base9}${(10 - (sum % 10)) % 10}`;
}

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

function areaOf(i: number): (typeof seed.areas)[number] {
  const total = seed.areas.reduce((s, a) => s + a.share, 0);
  let slot = i % total;
  for (const area of seed.areas) {
    if (slot < area.share) return area;
    slot -= area.share;
  }
  return seed.areas[0]!;
}

export function provider(i: number): Provider {
  const area = areaOf(i);
  const first = pick(seed.firstNames, i);
  const last = pick(seed.lastNames, i * 7 + 3);
  const credential = pick(seed.credentials, i * 3 + 1);
  const field = pick(seed.specialties, i * 5 + 2);
  return {
    first_name: first,
    last_name: last,
    organization_name: i % 10 === 9 ? null : pick(area.organizations, i * 11 + 1),
    display_name: `${first} ${last}, ${credential}`,
    credential,
    entity_type: 'individual',
    npi: npiFor(String(100_000_000 + i * 7919)),
    specialty: field.specialty,
    specialization: field.specialization,
    address_line_1: `${100 + ((i * 37) % 9800)} ${pick(seed.streets, i * 13)}`,
    city: area.city,
    state: area.state,
    zip_code: pick(area.zips, i * 17),
  };
}

export interface ProviderDirectory {
  /** Providers near `zip` (same 3-digit ZIP prefix) whose name fields contain `query`. */
  search(query: string, zip: string): Provider[];
}

export function createDirectory(count = DEFAULT_PROVIDER_COUNT): ProviderDirectory {
  const byPrefix = new Map<string, Array<{ p: Provider; text: string }>>();
  for (let i = 0; i < count; i++) {
    const p = provider(i);
    const text = [p.display_name, p.first_name, p.last_name, p.organization_name ?? ''].join('\n').toLowerCase();
    const prefix = p.zip_code.slice(0, 3);
    let list = byPrefix.get(prefix);
    if (!list) byPrefix.set(prefix, (list = []));
    list.push({ p, text });
  }
  return {
    search(query, zip) {
      const needle = query.toLowerCase();
      return (byPrefix.get(zip.slice(0, 3)) ?? []).filter((e) => e.text.includes(needle)).map((e) => e.p);
    },
  };
}
