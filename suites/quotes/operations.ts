/**
 * The quotes family's operation (4.5), its valid request placed in a county the counties
 * endpoint gives for the fixture ZIP code (read once a run), for the checks that loop over every
 * operation (suites/operations.ts). A quote changes nothing (a read-only run may opt in to it).
 */
import type { OperationTable } from '../../harness/suite/index.js';
import { QUOTE_FIXTURES, QUOTE_WRITE, quoteBody, quoteRequest, quoteTarget } from './quote-request.js';

export const QUOTES_OPERATIONS = {
  createQuote: {
    route: 'POST /v1/quotes',
    writes: false,
    body: 'json',
    success: { rule: 'QUOTES-200', status: 200 },
    needs: { sends: [QUOTE_WRITE], fixtures: QUOTE_FIXTURES },
    request: async (t) => quoteRequest(quoteBody(await quoteTarget(t))),
  },
} satisfies OperationTable;
