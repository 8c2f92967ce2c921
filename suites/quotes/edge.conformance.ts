/**
 * Edge answers on the quotes route (5.2, section 7): no key or an invalid key (403 forbidden),
 * a body above the size limit (413), an unsupported media type (415) and malformed JSON (400),
 * each in the unified envelope. Every request is a valid quote but for the one thing it breaks.
 */
import { cutShort, maxBodyBytes, underMediaType, verify, wrongAsWhole } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { QUOTES_OPERATIONS } from './operations.js';
import { QUOTE_FIXTURES, quoteRequest } from './quote-request.js';

const { createQuote: quote } = QUOTES_OPERATIONS;

const needs = { writes: true, fixtures: QUOTE_FIXTURES };

verify(
  'a quote without a key is 403 forbidden in the unified envelope',
  ['AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const ex = await t.send({ ...(await quote.request(t)), role: null });
    expectForbidden(t.expect, ex, 'AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'createQuote');
  },
  { needs },
);

verify(
  'a quote with an invalid key is 403 forbidden in the unified envelope',
  ['AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const ex = await t.send({ ...(await quote.request(t)), invalidKey: true });
    expectForbidden(t.expect, ex, 'AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
  },
  { needs },
);

verify(
  'a quote body above the size limit is 413 in the unified envelope',
  ['EDGE-413', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const limit = maxBodyBytes(t);
    const body = (await quote.request(t)).json as Record<string, unknown>;
    // A valid body made too large by one long member: only its size is wrong.
    const household = body.household as { applicants: Array<Record<string, unknown>> };
    const padded = {
      ...body,
      household: { ...household, applicants: [{ ...household.applicants[0], member_id: 'x'.repeat(limit) }] },
    };
    const ex = await t.send({ ...quoteRequest(padded), ...wrongAsWhole('a body above the size limit') });
    t.expect.rules('EDGE-413').status(ex, 413);
    t.expect.rules('EDGE-413', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: { ...needs, fixtures: [...QUOTE_FIXTURES, 'maxBodyBytes'] } },
);

verify(
  'a quote body sent as text/plain is 415 in the unified envelope',
  ['EDGE-415', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const ex = await t.send(underMediaType(await quote.request(t), 'text/plain'));
    t.expect.rules('EDGE-415').status(ex, 415);
    t.expect.rules('EDGE-415', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs },
);

verify(
  'a malformed JSON quote body is 400 in the unified envelope',
  ['EDGE-MALFORMED-JSON-400', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const ex = await t.send(cutShort(await quote.request(t)));
    t.expect.rules('EDGE-MALFORMED-JSON-400').status(ex, 400);
    t.expect.rules('EDGE-MALFORMED-JSON-400', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs },
);
