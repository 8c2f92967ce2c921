/**
 * The session `context` (2.6): required, every member required, `flow` one of two values.
 * Each request is an otherwise valid self_service body (it has location.state), so a target
 * that fills in a missing member with a default still answers 200 and is caught.
 */
import { verify, wrongIn } from '../../harness/suite/index.js';
import {
  CONTEXT_FIELDS,
  createSession,
  freshExternalId,
  sessionBody,
  sessionTarget,
  SESSION_FIXTURES,
} from './session-body.js';

const writes = { writes: true, fixtures: SESSION_FIXTURES };

verify(
  'a session without context is rejected with 400 in the unified envelope',
  ['SESSIONS-CONTEXT-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const target = await sessionTarget(t);
    const { context: _omitted, ...body } = sessionBody(target, 'self_service', { externalId: freshExternalId(t) });
    const ex = await t.send(createSession(body, wrongIn('context')));
    t.expect.rules('SESSIONS-CONTEXT-REQUIRED').status(ex, 400);
    t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: writes },
);

verify(
  'a session context missing any one of its members is rejected with 400',
  ['SESSIONS-CONTEXT-FIELDS-REQUIRED'],
  async (t) => {
    const target = await sessionTarget(t);
    for (const member of CONTEXT_FIELDS) {
      const body = sessionBody(target, 'self_service', { externalId: freshExternalId(t) });
      const { [member]: _omitted, ...context } = body.context as Record<string, unknown>;
      const ex = await t.send(
        createSession({ ...body, context }, { label: `context without ${member}`, ...wrongIn(`context.${member}`) }),
      );
      t.expect.status(ex, 400);
    }
  },
  { needs: writes },
);

verify(
  'a session flow other than agent_assisted or self_service is rejected with 400',
  ['SESSIONS-FLOW-ENUM'],
  async (t) => {
    const target = await sessionTarget(t);
    // A near miss of a valid value: the likeliest thing a lax target would read as self_service.
    const body = sessionBody(target, 'self_service', { externalId: freshExternalId(t) });
    const ex = await t.send(
      createSession(
        { ...body, context: { ...(body.context as object), flow: 'self-service' } },
        wrongIn('context.flow'),
      ),
    );
    t.expect.status(ex, 400);
  },
  { needs: writes },
);
