/**
 * The partner's side of the older ICHRA webhooks (section 6) for runs against the embedded
 * reference server: a receiver on 127.0.0.1 the server delivers to, and that the webhook checks
 * read back (`GET /events`). Bounded: at most MAX_EVENTS events of at most MAX_EVENT_BYTES each.
 * node:http because it is a dozen lines of receiving; it carries no suite traffic to a target.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedEvent {
  path: string;
  receivedAt: string;
  body: unknown;
}

export interface WebhookInbox {
  /** Base URL of the inbox; deliveries go to `<url>/hooks`, events are read at `<url>/events`. */
  url: string;
  /** Where the target should deliver. */
  deliveryUrl: string;
  events(): readonly ReceivedEvent[];
  close(): Promise<void>;
}

const MAX_EVENTS = 1_000;
export const MAX_EVENT_BYTES = 64 * 1024;

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_EVENT_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `port` 0 (default) picks a free one; a remote target's receiver names its own (`--webhook-listen`). */
export async function startWebhookInbox(port = 0): Promise<WebhookInbox> {
  const events: ReceivedEvent[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'GET' && path === '/events') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ events }));
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    readBody(req).then(
      (text) => {
        if (text === undefined) return void res.writeHead(413).end();
        if (events.length < MAX_EVENTS) events.push({ path, receivedAt: new Date().toISOString(), body: parse(text) });
        res.writeHead(204).end();
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deliveryUrl: `${url}/hooks`,
    events: () => events,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
