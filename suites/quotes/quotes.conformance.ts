/**
 * Quotes (2.5, 4.5): a request built from a county read earlier is 200; results are of the one
 * coverage type and market asked for; a page holds at most `page.size` results; one coverage
 * type per request; the body is required. Quotes are POSTs: every check needs a writable run,
 * but the smoke profile's, which sends the one quote the contract says changes nothing when the
 * target profile opts in (`sideEffectFreeWrites`).
 */
import { expectSuccessAnswer, verify, wrongAsWhole, wrongIn } from '../../harness/suite/index.js';
import { QUOTES_OPERATIONS } from './operations.js';
import {
  PROFILE_QUOTE_FIXTURES,
  profileQuoteTarget,
  QUOTE_FIXTURES,
  QUOTE_WRITE,
  QUOTES,
  quoteBody,
  quoteRequest,
  quoteTarget,
} from './quote-request.js';
import { resultCoverageType, resultExchange, resultsOf } from './quote-results.js';

const needs = { writes: true, fixtures: QUOTE_FIXTURES };

const QUOTE_200_RULES = ['QUOTES-200', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON', 'AUTH-KEY-NOT-ECHOED'];

const { createQuote } = QUOTES_OPERATIONS;

verify(
  'a quote for a county read from the counties endpoint is 200 with JSON results',
  QUOTE_200_RULES,
  async (t) => expectSuccessAnswer(t, 'createQuote', createQuote, await t.send(await createQuote.request(t))),
  { needs },
);

// The smoke run's watch on quoting: one request, the county taken from the profile (its budget
// has no room for a county read), sent by a read-only run whose target profile opts in.
verify(
  "a quote for the profile's county is 200 with JSON results",
  QUOTE_200_RULES,
  async (t) =>
    expectSuccessAnswer(t, 'createQuote', createQuote, await t.send(quoteRequest(quoteBody(profileQuoteTarget(t))))),
  { profiles: ['smoke'], needs: { writes: false, sends: [QUOTE_WRITE], fixtures: PROFILE_QUOTE_FIXTURES } },
);

verify(
  'quote results are all of the requested coverage type and market, and a page holds at most page.size of them',
  ['QUOTES-HOMOGENEOUS', 'QUOTES-PAGE-SIZE'],
  async (t) => {
    const q = await quoteTarget(t);
    const size = 2;
    const ex = await t.send(quoteRequest(quoteBody(q, { number: 1, size }), `page.size ${size}`));
    t.expect.status(ex, 200);
    const results = resultsOf(t, ex);
    // Read by the document's PlanQuoteResult names; a result that shows neither is not compared.
    const differs = (shown: unknown, asked: string) => shown !== undefined && shown !== asked;
    const stray = results.filter(
      (r) => differs(resultCoverageType(r), q.coverageType) || differs(resultExchange(r), q.exchange),
    );
    t.expect.rules('QUOTES-HOMOGENEOUS').that(ex, {
      holds: stray.length === 0,
      title: 'mixed results',
      expected: `every result of coverage_type ${q.coverageType} on ${q.exchange}`,
      observed: () => {
        const shown = stray.map((r) => ({ coverage_type: resultCoverageType(r), exchange: resultExchange(r) }));
        return `other results: ${JSON.stringify(shown).slice(0, 300)}`;
      },
    });
    t.expect.rules('QUOTES-PAGE-SIZE').that(ex, {
      holds: results.length <= size,
      title: 'page larger than page.size',
      expected: `at most ${size} results`,
      observed: `${results.length} results`,
    });
  },
  { needs },
);

verify(
  'a quote request naming two coverage types is 400',
  ['QUOTES-ONE-COVERAGE-TYPE', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const q = await quoteTarget(t);
    const body = quoteBody(q);
    const context = body.context as Record<string, unknown>;
    const other = q.coverageType === 'dental' ? 'medical' : 'dental';
    const twoTypes = quoteRequest({ ...body, context: { ...context, coverage_type: [q.coverageType, other] } });
    const ex = await t.send({ ...twoTypes, ...wrongIn('context.coverage_type') });
    t.expect.rules('QUOTES-ONE-COVERAGE-TYPE').status(ex, 400);
    t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs },
);

verify(
  'a quote request without a body is 400',
  ['QUOTES-BODY-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    // Declared as JSON, so only the missing body can be refused (no content type could be a 415).
    const ex = await t.send({
      method: 'POST',
      path: QUOTES,
      body: '',
      contentType: 'application/json',
      ...wrongAsWhole('no body'),
    });
    t.expect.rules('QUOTES-BODY-REQUIRED').status(ex, 400);
    t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'createQuote');
  },
  { needs: { writes: true } },
);
