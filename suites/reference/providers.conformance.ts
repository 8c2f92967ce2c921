/** Provider search (2.4, 4.4): the result shape, an empty search, and the required parameters. */
import {
  expectSuccessAnswer,
  SkipCheck,
  verify,
  wrongIn,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { expectNo5xx, expectRejected } from '../../harness/checks/index.js';
import { addressFormatHolds, wrongProviderFields } from './provider-fields.js';
import { REFERENCE_OPERATIONS } from './operations.js';
import { providerPage, providerSearch } from './reference-requests.js';

const needs = { fixtures: ['providerQuery'] };

/** A name no provider has: letters and digits no real name holds. */
const NO_SUCH_PROVIDER = 'Zzqxv Nomatch 0000';

/** A 200's page: the 2.4 fields of each provider, integer meta (the family's claims on it). */
function expectProviderPage(t: CheckContext, ex: Exchange): void {
  const { providers, meta } = providerPage(t, ex);
  // Nothing to hold the provider fields to when the fixture finds no one.
  if (providers.length === 0) throw new SkipCheck('fixture providerQuery matching a provider near providerZipCode');
  for (const p of providers) {
    // A null the provider's document allows is a shape that document rules (PROVIDER-MEMBERS-NULLABLE): no
    // verdict of its own.
    const wrong = wrongProviderFields(p);
    t.expect.rules('PROVIDERS-SCHEMA').that(ex, {
      holds: wrong.length === 0,
      title: 'provider fields',
      expected: 'every field of 2.4 with its type',
      observed: `wrong or missing: ${wrong.join(', ')} in ${JSON.stringify(p)}`,
    });
    t.expect.rules('PROVIDERS-NPI-FORMAT').that(ex, {
      holds: /^\d{10}$/.test(String(p.npi)),
      title: 'npi is not 10 digits',
      expected: 'a 10-digit npi',
      observed: JSON.stringify(p.npi),
    });
    t.expect.rules('PROVIDERS-ADDRESS-FORMAT').that(ex, {
      holds: addressFormatHolds(p),
      title: 'provider address format',
      expected: 'a two-letter state and a 5-digit zip_code (when they are strings)',
      observed: `state ${JSON.stringify(p.state)}, zip_code ${JSON.stringify(p.zip_code)}`,
    });
  }
  t.expect.rules('PROVIDERS-META').that(ex, {
    holds: [meta.page_number, meta.page_size, meta.result_count].every(Number.isInteger),
    title: 'meta numbers',
    expected: 'integer page_number, page_size and result_count',
    observed: JSON.stringify(meta),
  });
}

verify(
  'a provider search is 200 with providers of the 2.4 fields (10-digit npi, two-letter state, 5-digit ZIP) ' +
    'and integer meta',
  [
    'PROVIDERS-200',
    'PROVIDERS-SCHEMA',
    'PROVIDERS-NPI-FORMAT',
    'PROVIDERS-ADDRESS-FORMAT',
    'PROVIDERS-META',
    'SCHEMA-RESPONSE-VALID',
    'SCHEMA-SUCCESS-JSON',
    'AUTH-KEY-NOT-ECHOED',
  ],
  async (t) => {
    // A page of five (the table's request asks for one): the fields are held on several providers.
    const ex = await t.send(providerSearch(t, { 'page[size]': 5 }));
    expectSuccessAnswer(t, 'searchProviders', REFERENCE_OPERATIONS.searchProviders, ex, () =>
      expectProviderPage(t, ex),
    );
  },
  { needs },
);

verify(
  'a provider search that matches nothing is 200 with an empty list and result_count 0',
  ['PROVIDERS-EMPTY', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const ex = await t.send(providerSearch(t, { query: NO_SUCH_PROVIDER }));
    const { providers, meta } = providerPage(t, ex, 'PROVIDERS-EMPTY');
    t.expect.rules('PROVIDERS-EMPTY').that(ex, {
      holds: providers.length === 0 && meta.result_count === 0,
      title: 'not an empty search result',
      expected: 'providers [] and result_count 0',
      observed: `${providers.length} providers, result_count ${JSON.stringify(meta.result_count)}`,
    });
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'searchProviders');
  },
  { needs },
);

verify(
  'a provider search without query is 400: there is no list-all mode',
  ['PROVIDERS-NO-LIST-ALL', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const ex = await t.send({ ...providerSearch(t, { query: undefined }), ...wrongIn('query') });
    expectRejected(t.expect, ex, 'PROVIDERS-NO-LIST-ALL', 'ENVELOPE-UNIFIED-SHAPE');
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'searchProviders');
  },
  { needs },
);

verify(
  'a provider search with an empty query is 400',
  ['PROVIDERS-QUERY-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    expectRejected(
      t.expect,
      await t.send({ ...providerSearch(t, { query: '' }), ...wrongIn('query') }),
      'PROVIDERS-QUERY-REQUIRED',
      'ENVELOPE-UNIFIED-SHAPE',
    );
  },
  { needs },
);

verify(
  'a provider search without zip_code, or with one that is not 5 digits, is 400',
  ['PROVIDERS-ZIP-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    expectRejected(
      t.expect,
      await t.send({ ...providerSearch(t, { zip_code: undefined }, 'no zip_code'), ...wrongIn('zip_code') }),
      'PROVIDERS-ZIP-REQUIRED',
      'ENVELOPE-UNIFIED-SHAPE',
    );
    expectRejected(
      t.expect,
      await t.send({ ...providerSearch(t, { zip_code: '402' }, 'zip_code 402'), ...wrongIn('zip_code') }),
      'PROVIDERS-ZIP-REQUIRED',
      'ENVELOPE-UNIFIED-SHAPE',
    );
  },
  { needs },
);

verify(
  'a provider search without exchange, or with one other than on_exchange/off_exchange, is 400',
  ['PROVIDERS-EXCHANGE-ENUM', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    expectRejected(
      t.expect,
      await t.send({ ...providerSearch(t, { exchange: undefined }, 'no exchange'), ...wrongIn('exchange') }),
      'PROVIDERS-EXCHANGE-ENUM',
      'ENVELOPE-UNIFIED-SHAPE',
    );
    expectRejected(
      t.expect,
      await t.send({ ...providerSearch(t, { exchange: 'both' }, 'exchange both'), ...wrongIn('exchange') }),
      'PROVIDERS-EXCHANGE-ENUM',
      'ENVELOPE-UNIFIED-SHAPE',
    );
  },
  { needs },
);

verify(
  'a provider search for a name with a quote, a percent sign and a backslash is 200, never a 5xx',
  ['EDGE-NO-5XX', 'PROVIDERS-200'],
  async (t) => {
    // Real names carry apostrophes; a search must treat such text as text.
    const ex = await t.send(providerSearch(t, { query: `O'Brien "50%" \\ Clinic`, 'page[size]': 1 }));
    expectNo5xx(t.expect.rules('EDGE-NO-5XX'), ex);
    t.expect.rules('PROVIDERS-200').status(ex, 200);
  },
  { needs },
);
