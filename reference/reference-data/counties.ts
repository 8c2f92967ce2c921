/** Counties by ZIP code (reference/data/counties.json), each with its canonical state. */
import data from '../data/counties.json' with { type: 'json' };

export interface County {
  fips_code: string;
  name: string;
  state: string;
}

const byFips = new Map<string, County>(data.counties.map((c) => [c.fips_code, c]));
const byZip = new Map<string, County[]>(
  Object.entries(data.zips as Record<string, string[]>).map(([zip, codes]) => [zip, codes.map((c) => byFips.get(c)!)]),
);

export function countiesForZip(zip: string): County[] | undefined {
  return byZip.get(zip);
}

export function countyByFips(fips: string): County | undefined {
  return byFips.get(fips);
}

/** The states a ZIP code touches, in data order (first is the ZIP's main state). */
export function statesOfZip(zip: string): string[] {
  return [...new Set((byZip.get(zip) ?? []).map((c) => c.state))];
}
