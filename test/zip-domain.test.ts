/**
 * The generators' ZIP-code domain keeps up with its packages: zcta-extras.json is what
 * scripts/zcta-extras.ts derives from them today, and every ZIP code the reference server
 * serves counties for is in the domain (and no other).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipTable } from '../generators/_internals/data/zipTable.js';
import { ZCTA_EXTRAS_FILE, zctaExtras } from '../scripts/zcta-extras.js';
import { hudZips, zctaZips } from '../reference/reference-data/zip-sources.js';

describe('the ZIP-code domain of the generators', () => {
  const zcta = zctaZips();

  it('zcta-extras.json is what the packages give (else run: npx tsx scripts/zcta-extras.ts)', () => {
    expect(JSON.parse(readFileSync(ZCTA_EXTRAS_FILE, 'utf8'))).toEqual(zctaExtras(zcta));
  });

  it('holds exactly the ZIP codes of the crosswalk and the ZCTA table', () => {
    const domain = new Set([...zipTable().byState.values()].flat());
    const sources = new Set([...hudZips().map((r) => r.zip), ...zcta.rows.map((r) => r.zip)]);
    expect(domain.size).toBe(sources.size);
    expect([...sources].filter((z) => !domain.has(z))).toEqual([]);
  });
});
