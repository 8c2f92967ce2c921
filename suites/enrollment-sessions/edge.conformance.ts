/**
 * Edge answers on the sessions route (section 7): a body above the size limit (413), a body
 * in an unsupported media type (415) and malformed JSON (400), each in the unified envelope.
 */
import { maxBodyBytes, verify } from '../../harness/suite/index.js';
import {
  createSession,
  freshExternalId,
  sessionBody,
  sessionTarget,
  SESSIONS_PATH,
  SESSION_FIXTURES,
} from './session-body.js';

const writes = { writes: true, fixtures: SESSION_FIXTURES };

verify(
  'a session body above the size limit gets 413 in the unified envelope',
  ['EDGE-413', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const limit = maxBodyBytes(t);
    const target = await sessionTarget(t);
    // A valid body made too large by one member: only its size is wrong.
    const body = sessionBody(target, 'self_service', { externalId: freshExternalId(t) });
    const padded = { ...body, external_id: `${body.external_id as string}-${'x'.repeat(limit)}` };
    const ex = await t.send(createSession(padded));
    t.expect.rules('EDGE-413').status(ex, 413);
    t.expect.rules('EDGE-413', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: { ...writes, fixtures: [...writes.fixtures, 'maxBodyBytes'] } },
);

verify(
  'a session body sent as text/plain gets 415 in the unified envelope',
  ['EDGE-415', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const target = await sessionTarget(t);
    const text = JSON.stringify(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }));
    const ex = await t.send({ method: 'POST', path: SESSIONS_PATH, body: text, contentType: 'text/plain' });
    t.expect.rules('EDGE-415').status(ex, 415);
    t.expect.rules('EDGE-415', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: writes },
);

verify(
  'a malformed JSON session body gets 400 in the unified envelope',
  ['EDGE-MALFORMED-JSON-400', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const target = await sessionTarget(t);
    const text = JSON.stringify(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }));
    // Cut before the last closing brace: JSON that ends too early.
    const ex = await t.send({
      method: 'POST',
      path: SESSIONS_PATH,
      body: text.slice(0, -1),
      contentType: 'application/json',
    });
    t.expect.rules('EDGE-MALFORMED-JSON-400').status(ex, 400);
    t.expect.rules('EDGE-MALFORMED-JSON-400', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: writes },
);
