/**
 * Every US ZIP code with its counties, each with its canonical state (that of its FIPS code),
 * built once per process, on first use, from the npm data packages read in `zip-sources.ts`:
 * ZCTA ZIP codes from the Census-based list (every county they touch, state lines included),
 * the other USPS ZIP codes from the HUD crosswalk, names and states from the Census county list.
 * Kept compact: one string per ZIP code (its USPS state, then its 5-digit FIPS codes).
 */
import { countyNames, hudZips, zctaZips, type Place } from './zip-sources.js';

export type { Place } from './zip-sources.js';

export interface County {
  fips_code: string;
  name: string;
  state: string;
}

export interface GeographyStats {
  zips: number;
  pairs: number;
  multiCounty: number;
  multiState: number;
  counties: number;
  fromZcta: number;
  fromHud: number;
  loadMs: number;
}

interface Geography {
  /** ZIP → USPS state (2 letters) followed by its FIPS codes (5 digits each), main county first. */
  zips: Map<string, string>;
  counties: Map<string, County>;
  /** 3-digit ZIP prefix → a few of its ZIP codes with their city. */
  places: Map<string, Place[]>;
  stats: GeographyStats;
}

let loaded: Geography | undefined;

function geography(): Geography {
  return (loaded ??= load());
}

function load(): Geography {
  const started = performance.now();
  const census = new Map(countyNames().map((c) => [c.fips, c]));
  const stateOfPrefix = new Map([...census.values()].map((c) => [c.fips.slice(0, 2), c.state]));
  const zcta = zctaZips();
  const hud = hudZips();
  const zips = new Map<string, string>();
  for (const r of zcta.rows) zips.set(r.zip, r.state + r.fips.join(''));
  let fromHud = 0;
  for (const r of hud) {
    if (zips.has(r.zip)) continue;
    zips.set(r.zip, r.state + r.fips.join(''));
    fromHud++;
  }
  const counties = new Map<string, County>();
  let pairs = 0;
  let multiCounty = 0;
  let multiState = 0;
  for (const value of zips.values()) {
    const codes = codesOf(value);
    pairs += codes.length;
    if (codes.length > 1) multiCounty++;
    if (new Set(codes.map((c) => c.slice(0, 2))).size > 1) multiState++;
    for (const code of codes) {
      if (counties.has(code)) continue;
      // Counties created after the Census list (Connecticut's planning regions, 2015's renames) keep the ZIP list's
      // name.
      const named = census.get(code);
      counties.set(
        code,
        Object.freeze({
          fips_code: code,
          name: named?.name ?? zcta.bareNames.get(code) ?? code,
          state: named?.state ?? stateOfPrefix.get(code.slice(0, 2)) ?? '',
        }),
      );
    }
  }
  const stats = {
    zips: zips.size,
    pairs,
    multiCounty,
    multiState,
    counties: counties.size,
    fromZcta: zcta.rows.length,
    fromHud,
    loadMs: Math.round(performance.now() - started),
  };
  return { zips, counties, places: zcta.places, stats };
}

const codesOf = (value: string): string[] =>
  Array.from({ length: (value.length - 2) / 5 }, (_, i) => value.slice(2 + i * 5, 7 + i * 5));

/** The counties of a ZIP code, main county first; undefined when the ZIP code has none. */
export function countiesForZip(zip: string): County[] | undefined {
  const g = geography();
  const value = g.zips.get(zip);
  return value === undefined ? undefined : codesOf(value).map((c) => g.counties.get(c)!);
}

export function countyByFips(fips: string): County | undefined {
  return geography().counties.get(fips);
}

/** The states a ZIP code touches, its own (USPS) state first. */
export function statesOfZip(zip: string): string[] {
  const value = geography().zips.get(zip);
  return value === undefined
    ? []
    : [...new Set([value.slice(0, 2), ...(countiesForZip(zip) ?? []).map((c) => c.state)])];
}

/** Every state (USPS code) that has at least one county. */
export function statesWithCounties(): Set<string> {
  return new Set([...geography().counties.values()].map((c) => c.state));
}

export function geographyStats(): GeographyStats {
  return geography().stats;
}

/** A few ZIP codes (with their city) of a 3-digit prefix, in ZIP order; empty when it has none. */
export function placesOfPrefix(prefix: string): Place[] {
  return geography().places.get(prefix) ?? [];
}
