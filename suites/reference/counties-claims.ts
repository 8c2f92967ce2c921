/** What every counties answer of 200 holds (2.2), wherever its ZIP code came from. */
import fipsStates from './fips-states.json' with { type: 'json' };
import type { CheckContext, Exchange } from '../../harness/suite/index.js';

interface County {
  fips_code?: unknown;
  name?: unknown;
  state?: unknown;
}

const STATE_OF_FIPS: Readonly<Record<string, string>> = fipsStates.states;

export function countiesOf(t: CheckContext, ex: Exchange): County[] {
  const counties = t.json<{ counties?: unknown }>(ex)?.counties;
  return Array.isArray(counties) ? (counties as County[]) : [];
}

/** Every county's state is the one its FIPS prefix stands for. */
export function expectStateOfFips(t: CheckContext, ex: Exchange): void {
  for (const c of countiesOf(t, ex)) {
    const expected = STATE_OF_FIPS[String(c.fips_code).slice(0, 2)];
    t.expect.rules('COUNTIES-STATE-OF-FIPS').that(ex, {
      holds: expected !== undefined && c.state === expected,
      title: 'county state is not the state of its FIPS code',
      expected: `state ${expected ?? '(a known FIPS state prefix)'} for fips_code ${String(c.fips_code)}`,
      observed: `state ${JSON.stringify(c.state)}`,
    });
  }
}

/** A 200's counties: one or more, each with its fields, a 5-digit FIPS code and the state of that code. */
export function expectCounties(t: CheckContext, ex: Exchange): void {
  const counties = countiesOf(t, ex);
  t.expect.rules('COUNTIES-NONEMPTY').that(ex, {
    holds: counties.length > 0,
    title: 'no counties for a known ZIP code',
    expected: 'one or more counties',
    observed: 'an empty or missing `counties` list',
  });
  for (const c of counties) {
    t.expect.rules('COUNTIES-SCHEMA').that(ex, {
      holds:
        typeof c.fips_code === 'string' &&
        typeof c.name === 'string' &&
        typeof c.state === 'string' &&
        /^[A-Za-z]{2}$/.test(c.state),
      title: 'county fields',
      expected: '`fips_code` and `name` strings and a two-letter `state`',
      observed: JSON.stringify(c),
    });
    t.expect.rules('COUNTIES-FIPS-FORMAT').that(ex, {
      holds: /^\d{5}$/.test(String(c.fips_code)),
      title: 'fips_code is not 5 digits',
      expected: 'a 5-digit county FIPS code',
      observed: JSON.stringify(c.fips_code),
    });
  }
  expectStateOfFips(t, ex);
}

/**
 * Counties of a ZIP code in use (drawn from the domain, or returned by the target itself): 200
 * with its counties; a 404 in the unified envelope is a documented answer but not the expected one.
 */
export function expectZipInUse(t: CheckContext, ex: Exchange): void {
  if (ex.response?.status === 404) t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  t.expect.rules('COUNTIES-ZIP-DOMAIN').status(ex, 200);
  expectCounties(t, ex);
}
