/**
 * Counties for a ZIP code (2.2, 4.2). A county's `state` is the state of its FIPS code, read
 * from the code's two-digit state prefix (fips-states.json), so a ZIP code crossing a state
 * line lists counties of both states, each with its own.
 */
import { expectSuccessAnswer, verify, wrongIn } from '../../harness/suite/index.js';
import { expectRejected } from '../../harness/checks/index.js';
import { countiesOf, expectCounties, expectStateOfFips } from './counties-claims.js';
import { REFERENCE_OPERATIONS } from './operations.js';
import { countiesRequest } from './reference-requests.js';

verify(
  'counties of a known ZIP code are 200 with one or more counties, each with a 5-digit fips_code, a name and a state',
  [
    'COUNTIES-200',
    'COUNTIES-NONEMPTY',
    'COUNTIES-SCHEMA',
    'COUNTIES-FIPS-FORMAT',
    'COUNTIES-STATE-OF-FIPS',
    'SCHEMA-RESPONSE-VALID',
    'SCHEMA-SUCCESS-JSON',
    'AUTH-KEY-NOT-ECHOED',
  ],
  async (t) => {
    const op = REFERENCE_OPERATIONS.listCounties;
    const ex = await t.send(await op.request(t));
    expectSuccessAnswer(t, 'listCounties', op, ex, () => expectCounties(t, ex));
  },
  { profiles: 'all', needs: { fixtures: ['zipCode'] } },
);

verify(
  'counties of a ZIP code crossing a state line each carry the state of their own FIPS code',
  ['COUNTIES-STATE-OF-FIPS', 'COUNTIES-200'],
  async (t) => {
    const ex = await t.send(countiesRequest(t.fixture<string>('crossStateZipCode')));
    t.expect.rules('COUNTIES-200').status(ex, 200);
    expectStateOfFips(t, ex);
    // The fixture crosses a state line: one state for all its counties means a state was
    // taken from the ZIP code, not from each county.
    const states = new Set(countiesOf(t, ex).map((c) => c.state));
    t.expect.rules('COUNTIES-STATE-OF-FIPS').that(ex, {
      holds: states.size > 1,
      title: 'one state for a cross-state ZIP code',
      expected: 'counties in two or more states',
      observed: `states ${[...states].join(', ')}`,
    });
  },
  { needs: { fixtures: ['crossStateZipCode'] } },
);

verify(
  'counties without zip_code are 400 in the unified envelope',
  ['COUNTIES-ZIP-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const ex = await t.send({ ...countiesRequest(undefined), ...wrongIn('zip_code') });
    expectRejected(t.expect, ex, 'COUNTIES-ZIP-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE');
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'listCounties');
  },
);

verify(
  'counties for a zip_code that is not 5 digits are 400',
  ['COUNTIES-ZIP-PATTERN', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for (const zip of ['4020', '4020a']) {
      expectRejected(
        t.expect,
        await t.send({ ...countiesRequest(zip, `zip_code ${zip}`), ...wrongIn('zip_code') }),
        'COUNTIES-ZIP-PATTERN',
        'ENVELOPE-UNIFIED-SHAPE',
      );
    }
  },
);

verify(
  'counties of a well-formed ZIP code with no counties are 404',
  ['COUNTIES-UNKNOWN-ZIP-404', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const ex = await t.send(countiesRequest(t.fixture<string>('unknownZipCode')));
    t.expect.rules('COUNTIES-UNKNOWN-ZIP-404').status(ex, 404);
    t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'listCounties');
  },
  { needs: { fixtures: ['unknownZipCode'] } },
);
