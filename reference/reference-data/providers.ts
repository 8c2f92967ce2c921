/**
 * The provider directory, generated deterministically from reference/data/providers-seed.json:
 * provider i always gets the same name, NPI (10 digits with a valid Luhn check digit) and
 * address, so searches and pages are stable across runs. `count` grows it for scale runs.
 * The seed areas (Louisville, Nashville) hold the fixture searches; near any other ZIP code a
 * region is generated, on first search, at real ZIP codes of the same 3-digit prefix.
 */
import seed from '../data/providers-seed.json' with { type: 'json' };
import { placesOfPrefix } from './counties.js';

interface Provider {
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

const DEFAULT_PROVIDER_COUNT = 150;

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

/** Where provider i practises: the pools of its area and the 9-digit base of its NPI. */
interface Site {
  city: string;
  state: string;
  zips: readonly string[];
  organizations: readonly string[];
  npiBase: number;
}

/** The name pools of a directory. */
export interface NamePools {
  firstNames: readonly string[];
  lastNames: readonly string[];
}

/** Names of every kind, for the international-names variant: apostrophes, hyphens, diacritics, other scripts. */
export const INTERNATIONAL_NAMES: NamePools = {
  firstNames: [
    'José',
    'Zoë',
    'Søren',
    'Łukasz',
    'Дмитрий',
    'Anne-Marie',
    'Ngọc',
    '민준',
    'Σοφία',
    'Ayşe',
    'François',
    'Mary Ann',
  ],
  lastNames: [
    "O'Brien",
    'Núñez',
    'Søren-Åberg',
    'Nguyễn',
    'Дмитриев',
    '김',
    "D'Angelo",
    'van der Berg',
    'Müller',
    'Çelik',
    'Smith-Jones',
    'Ōtsuka',
    'محمد',
    'Dvořák',
  ],
};

function person(i: number, site: Site, names: NamePools = seed): Provider {
  const first = pick(names.firstNames, i);
  const last = pick(names.lastNames, i * 7 + 3);
  const credential = pick(seed.credentials, i * 3 + 1);
  const field = pick(seed.specialties, i * 5 + 2);
  return {
    first_name: first,
    last_name: last,
    organization_name: i % 10 === 9 ? null : pick(site.organizations, i * 11 + 1),
    display_name: `${first} ${last}, ${credential}`,
    credential,
    entity_type: 'individual',
    npi: npiFor(String(site.npiBase)),
    specialty: field.specialty,
    specialization: field.specialization,
    address_line_1: `${100 + ((i * 37) % 9800)} ${pick(seed.streets, i * 13)}`,
    city: site.city,
    state: site.state,
    zip_code: pick(site.zips, i * 17),
  };
}

function provider(i: number, names?: NamePools): Provider {
  return person(i, { ...areaOf(i), npiBase: 100_000_000 + i * 7919 }, names);
}

/** NPI bases of generated regions start here, above the seed directory's (up to 12,600 providers). */
const REGION_NPI_BASE = 200_000_000;

/** The generated providers near a 3-digit ZIP prefix with no seed area; empty where no ZIP code has it. */
function regionProviders(prefix: string, names?: NamePools): Provider[] {
  const places = placesOfPrefix(prefix);
  if (places.length === 0) return [];
  return Array.from({ length: seed.regionSize }, (_, i) => {
    const place = pick(places, i);
    const organizations = seed.regionOrganizations.map((o) => o.replace('{city}', place.city));
    return person(
      i,
      {
        city: place.city,
        state: place.state,
        zips: [place.zip],
        organizations,
        npiBase: REGION_NPI_BASE + Number(prefix) * 1000 + i,
      },
      names,
    );
  });
}

export interface ProviderDirectory {
  /** Providers near `zip` (same 3-digit ZIP prefix) whose name fields contain `query`. */
  search(query: string, zip: string): Provider[];
}

type Entry = { p: Provider; text: string };
const entry = (p: Provider): Entry => ({
  p,
  text: [p.display_name, p.first_name, p.last_name, p.organization_name ?? ''].join('\n').toLowerCase(),
});

/** The directory of `count` seed providers (and regions on demand), named from `names` (default the seed's). */
export function createDirectory(count = DEFAULT_PROVIDER_COUNT, names?: NamePools): ProviderDirectory {
  const byPrefix = new Map<string, Entry[]>();
  for (let i = 0; i < count; i++) {
    const e = entry(provider(i, names));
    const prefix = e.p.zip_code.slice(0, 3);
    let list = byPrefix.get(prefix);
    if (!list) byPrefix.set(prefix, (list = []));
    list.push(e);
  }
  return {
    search(query, zip) {
      const needle = query.toLowerCase();
      const prefix = zip.slice(0, 3);
      let list = byPrefix.get(prefix);
      if (!list) byPrefix.set(prefix, (list = regionProviders(prefix, names).map(entry)));
      return (list ?? []).filter((e) => e.text.includes(needle)).map((e) => e.p);
    },
  };
}
