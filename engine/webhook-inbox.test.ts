import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { MAX_EVENT_BYTES, startWebhookInbox, type WebhookInbox } from './webhook-inbox.js';

let inbox: WebhookInbox | undefined;
afterEach(async () => {
  await inbox?.close();
  inbox = undefined;
});

async function post(url: string, body: string): Promise<number> {
  const res = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  await res.body.dump();
  return res.statusCode;
}

describe('webhook inbox', () => {
  it('records a delivery and serves it back at /events', async () => {
    inbox = await startWebhookInbox();
    expect(inbox.deliveryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks$/);
    expect(await post(inbox.deliveryUrl, '{"event":"submission.confirmed","id":"e1"}')).toBe(204);
    const res = await request(`${inbox.url}/events`);
    const body = (await res.body.json()) as { events: { path: string; body: unknown }[] };
    expect(body.events).toEqual([
      expect.objectContaining({ path: '/hooks', body: { event: 'submission.confirmed', id: 'e1' } }),
    ]);
  });

  it('keeps a body that is not JSON as text', async () => {
    inbox = await startWebhookInbox();
    await post(inbox.deliveryUrl, 'not json');
    expect(inbox.events()[0]?.body).toBe('not json');
  });

  it('refuses a delivery above the size bound without recording it', async () => {
    inbox = await startWebhookInbox();
    // The inbox stops reading at the bound, so the client may see the 413 or a reset socket.
    const outcome = await post(inbox.deliveryUrl, 'x'.repeat(MAX_EVENT_BYTES + 1)).catch(
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect([413, 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']).toContain(outcome);
    expect(inbox.events()).toHaveLength(0);
  });

  it('answers 405 to methods other than POST and GET /events', async () => {
    inbox = await startWebhookInbox();
    const res = await request(inbox.deliveryUrl, { method: 'PUT', body: '{}' });
    await res.body.dump();
    expect(res.statusCode).toBe(405);
  });
});
