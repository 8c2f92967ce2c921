/**
 * Relations of the reference data that hold on any conforming target, over the contract's whole
 * domain rather than the profile's fixtures (generators/domain): a ZIP code in use has counties,
 * each in the state of its FIPS code, wherever the ZIP code lies (every state and territory,
 * leading zeros, state lines); and a provider one search returns is found again by a search for
 * its own last name near its own ZIP code, whose counties the target knows.
 */
import fc from 'fast-check';
import { zipCode } from '../../generators/index.js';
import { expectNo5xx } from '../../harness/checks/index.js';
import { draw, SkipCheck, verifyProperty, type CheckContext } from '../../harness/suite/index.js';
import { expectZipInUse } from './counties-claims.js';
import { countiesRequest, providerPage, providerSearch } from './reference-requests.js';

const ZIP_KINDS = ['leadingZero', 'crossState', 'territory'] as const;

const COUNTY_RULES = [
  'COUNTIES-ZIP-DOMAIN',
  'COUNTIES-NONEMPTY',
  'COUNTIES-SCHEMA',
  'COUNTIES-FIPS-FORMAT',
  'COUNTIES-STATE-OF-FIPS',
  'ENVELOPE-UNIFIED-SHAPE',
  'EDGE-NO-5XX',
];

verifyProperty(
  'counties of any ZIP code in use (every state and territory, leading zeros, state lines) are 200, each ' +
    'county in the state of its FIPS code',
  COUNTY_RULES,
  () => zipCode(),
  async (t, zip) => {
    const ex = await t.send(countiesRequest(zip, `zip_code ${zip}`));
    expectNo5xx(t.expect.rules('EDGE-NO-5XX'), ex);
    expectZipInUse(t, ex);
  },
  // Each kind a target may mishandle whole, one ZIP code of it drawn per seed, then any ZIP code.
  { maxRuns: 4, examples: (t) => ZIP_KINDS.map((of) => draw(t, zipCode({ of }), `counties ${of}`)) },
);

type Provider = Record<string, unknown>;

/** Names a search may mishandle: an apostrophe, a hyphen, a space, a letter outside ASCII. */
const oddName = (p: Provider): boolean => /[^A-Za-z]/.test(String(p.last_name));

/**
 * Providers of the fixture search's first page: those with odd names when there are any (a search mishandles them
 * first).
 */
async function providersFound(t: CheckContext): Promise<fc.Arbitrary<Provider>> {
  const ex = await t.send(providerSearch(t, { 'page[size]': 50 }, 'providers to search for again'));
  if (ex.response?.status !== 200) throw new SkipCheck('a provider search for fixture providerQuery answered 200');
  const found = providerPage(t, ex).providers.filter(
    (p) => typeof p.last_name === 'string' && p.last_name !== '' && /^\d{5}$/.test(String(p.zip_code)),
  );
  if (found.length === 0)
    throw new SkipCheck('fixture providerQuery matching a provider with a last name and ZIP code');
  const odd = found.filter(oddName);
  return fc.constantFrom(...(odd.length > 0 ? odd : found));
}

verifyProperty(
  'a provider a search returns is found by a search for its own last name near its own ZIP code, and that ' +
    'ZIP code has counties',
  ['PROVIDERS-NAME-ROUND-TRIP', 'PROVIDERS-200', ...COUNTY_RULES],
  providersFound,
  async (t, p) => {
    const query = String(p.last_name);
    const zip = String(p.zip_code);
    const label = `query ${query} near ${zip}`;
    const ex = await t.send(providerSearch(t, { query, zip_code: zip, 'page[size]': 50 }, label));
    const { providers, meta } = providerPage(t, ex);
    const listed = providers.some((q) => q.npi === p.npi);
    // A name so common its matches fill more than a page: the provider may be on a later one.
    const complete = typeof meta.result_count === 'number' && meta.result_count <= providers.length;
    t.expect.rules('PROVIDERS-NAME-ROUND-TRIP').that(ex, {
      holds: listed || !complete,
      title: 'a provider not found by its own name',
      expected: `npi ${String(p.npi)} (${String(p.display_name)}) among the matches of its last name near ${zip}`,
      observed: `${providers.length} providers (result_count ${JSON.stringify(meta.result_count)}), npis ${providers
        .map((q) => q.npi)
        .join(', ')
        .slice(0, 300)}`,
    });
    const counties = await t.send(countiesRequest(zip, `counties of ${zip}, the provider's ZIP code`));
    expectNo5xx(t.expect.rules('EDGE-NO-5XX'), counties);
    expectZipInUse(t, counties);
  },
  { maxRuns: 1, needs: { fixtures: ['providerQuery'] } },
);
