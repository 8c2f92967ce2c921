/**
 * Edge answers on the sessions route (section 7): a body above the size limit (413), a body
 * in an unsupported media type (415) and malformed JSON (400), each in the unified envelope.
 */
import { cutShort, maxBodyBytes, oversized, underMediaType, verify } from '../../harness/suite/index.js';
import { SESSION_OPERATIONS } from './operations.js';
import { SESSION_FIXTURES } from './session-body.js';

const { createEnrollmentSession: session } = SESSION_OPERATIONS;

const writes = { writes: true, fixtures: SESSION_FIXTURES };

verify(
  'a session body above the size limit gets 413 in the unified envelope',
  ['EDGE-413', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    // A valid body made too large by one member: only its size is wrong.
    const ex = await t.send(oversized(await session.request(t), 'external_id', maxBodyBytes(t)));
    t.expect.rules('EDGE-413').status(ex, 413);
    t.expect.rules('EDGE-413', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: { ...writes, fixtures: [...writes.fixtures, 'maxBodyBytes'] } },
);

verify(
  'a session body sent as text/plain gets 415 in the unified envelope',
  ['EDGE-415', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const ex = await t.send(underMediaType(await session.request(t), 'text/plain'));
    t.expect.rules('EDGE-415').status(ex, 415);
    t.expect.rules('EDGE-415', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: writes },
);

verify(
  'a malformed JSON session body gets 400 in the unified envelope',
  ['EDGE-MALFORMED-JSON-400', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const ex = await t.send(cutShort(await session.request(t)));
    t.expect.rules('EDGE-MALFORMED-JSON-400').status(ex, 400);
    t.expect.rules('EDGE-MALFORMED-JSON-400', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: writes },
);
