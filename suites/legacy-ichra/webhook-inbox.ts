/**
 * What the partner's webhook receiver got during the run (section 6). The run provides a
 * local inbox when the target was configured to deliver to a receiver the run controls (the
 * embedded server): `RunConfig.webhookInboxUrl`, whose `GET /events` answers
 * `{events: [{path, receivedAt, body}]}`. Without it the webhook checks are skipped.
 * Payloads are not shown in the contract, so an event is matched to an application by the
 * application's id appearing in it, and to its family by its type member (else its text).
 */
import { request } from 'undici';
import { SkipCheck, type CheckContext } from '../../harness/suite/index.js';

export interface ReceivedEvent {
  path?: string;
  receivedAt?: string;
  body: unknown;
}

export type EventFamily = 'submission confirmation' | 'policy status';

/** How each family is recognised; the payload is not shown, so by name. */
const FAMILY_PATTERNS: ReadonlyArray<[EventFamily, RegExp]> = [
  ['policy status', /policy[_\s-]?status/i],
  ['submission confirmation', /submission|confirm/i],
];

/** Members that usually name an event's type. */
const TYPE_MEMBERS = ['type', 'event', 'event_type', 'kind', 'topic'];

/** Only a receiver on this machine: the suite sends nothing anywhere else. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const READ_TIMEOUT_MS = 1_000;
const MAX_READS = 20;

export function familyOf(event: ReceivedEvent): EventFamily | undefined {
  const body = event.body as Record<string, unknown> | null;
  const typed = TYPE_MEMBERS.map((m) => (typeof body === 'object' && body !== null ? body[m] : undefined)).find(
    (v) => typeof v === 'string',
  );
  const text = (typed as string | undefined) ?? JSON.stringify(event.body) ?? '';
  return FAMILY_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0];
}

/** The event names the application: its id as a JSON string anywhere in the payload. */
const mentions = (event: ReceivedEvent, id: string): boolean =>
  (JSON.stringify(event.body) ?? '').includes(JSON.stringify(id));

/** The inbox URL of the run; skips the check (`needs webhook receiver`) when there is none. */
export function webhookInbox(t: CheckContext): URL {
  const url = t.config.webhookInboxUrl;
  if (!url) throw new SkipCheck('webhook receiver');
  const parsed = new URL(url);
  if (!LOCAL_HOSTS.has(parsed.hostname)) throw new SkipCheck('webhook receiver on 127.0.0.1');
  return parsed;
}

async function readInbox(inbox: URL): Promise<ReceivedEvent[]> {
  try {
    const url = new URL('events', inbox.href.endsWith('/') ? inbox : `${inbox.href}/`);
    const res = await request(url, { headersTimeout: READ_TIMEOUT_MS, bodyTimeout: READ_TIMEOUT_MS });
    const body = (await res.body.json()) as { events?: ReceivedEvent[] };
    return Array.isArray(body.events) ? body.events : [];
  } catch {
    return [];
  }
}

/**
 * Reads the inbox until an event of `family` names application `id`, at most the target's
 * asyncTimeoutMs (default 5 s) and MAX_READS reads; returns it, or every event that names the
 * application (for the finding) when none arrived.
 */
export async function awaitEvent(
  t: CheckContext,
  inbox: URL,
  id: string,
  family: EventFamily,
): Promise<{ event?: ReceivedEvent; seen: ReceivedEvent[] }> {
  const budgetMs = t.config.profile.asyncTimeoutMs ?? 5_000;
  const deadline = Date.now() + budgetMs;
  const interval = Math.max(50, Math.floor(budgetMs / 10));
  let seen: ReceivedEvent[] = [];
  for (let read = 0; read < MAX_READS; read++) {
    seen = (await readInbox(inbox)).filter((e) => mentions(e, id));
    const event = seen.find((e) => familyOf(e) === family);
    if (event || Date.now() + interval > deadline) return { event, seen };
    await new Promise((r) => setTimeout(r, interval));
  }
  return { seen };
}
