/**
 * A created enrollment session (4.6, 2.6): 200 with the echoed external_id, two browser URLs
 * and X-Request-Id; the Idempotency-Key is optional (section 8).
 */
import { expectSuccessAnswer, verify, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import { SESSION_OPERATIONS } from './operations.js';
import { expectExternalIdEchoed, expectRequestId } from './session-answer.js';
import {
  createSession,
  freshExternalId,
  sessionBody,
  sessionTarget,
  type Flow,
  SESSION_FIXTURES,
} from './session-body.js';

const writes = { writes: true, fixtures: SESSION_FIXTURES };

/** An absolute http(s) URL: a link a browser can open. */
function isBrowserUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A 200's session: the request's external_id, two browser links, X-Request-Id (the family's claims on it). */
function expectSessionShape(t: CheckContext, ex: Exchange, externalId: string): void {
  const body = t.json<{ external_id?: unknown; links?: Record<string, unknown> }>(ex);
  expectExternalIdEchoed(t.expect.rules('SESSIONS-EXTERNAL-ID-ECHO'), ex, externalId);
  const links = body?.links;
  t.expect.rules('SESSIONS-LINKS').that(ex, {
    holds: isBrowserUrl(links?.shopping_url) && isBrowserUrl(links?.client_apply_url),
    title: 'links are not browser URLs',
    expected: 'links.shopping_url and links.client_apply_url absolute http(s) URLs',
    observed: () => `links ${JSON.stringify(links)}`,
  });
  expectRequestId(t.expect.rules('SESSIONS-REQUEST-ID'), ex);
}

const SHAPE_RULES = [
  'SESSIONS-200',
  'SESSIONS-EXTERNAL-ID-ECHO',
  'SESSIONS-LINKS',
  'SESSIONS-REQUEST-ID',
  'SCHEMA-RESPONSE-VALID',
  'SCHEMA-SUCCESS-JSON',
  'AUTH-KEY-NOT-ECHOED',
];

for (const flow of ['self_service', 'agent_assisted'] as const satisfies readonly Flow[]) {
  verify(
    `a valid ${flow} session answers 200 with the echoed external_id, browser links and X-Request-Id`,
    SHAPE_RULES,
    async (t) => {
      const target = await sessionTarget(t);
      const externalId = freshExternalId(t);
      const ex = await t.send(createSession(sessionBody(target, flow, { externalId })));
      // The schema comes after the family's claims: it also holds the links to `format: uri`,
      // and SESSIONS-LINKS names that defect first.
      expectSuccessAnswer(t, 'createEnrollmentSession', SESSION_OPERATIONS.createEnrollmentSession, ex, () =>
        expectSessionShape(t, ex, externalId),
      );
    },
    { needs: writes },
  );
}

verify(
  'a session without Idempotency-Key is accepted',
  ['IDEMP-SESSION-OPTIONAL'],
  async (t) => {
    const target = await sessionTarget(t);
    // The client adds Idempotency-Key only when asked: this request has none.
    const ex = await t.send(createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) })));
    t.expect.status(ex, 200);
  },
  { needs: writes },
);
