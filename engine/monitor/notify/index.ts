/**
 * `--notify [<route>:]<format>=<url>`: where a change of state is told, and in which format
 * (one table, NOTIFY_FORMATS). A destination that names a route (an exit code's `whose`, e.g.
 * `credentials` for a refused key) hears only that route's conditions, and the destinations
 * without one no longer hear them: exit 5 can go to the owner of the secret, not the on-call.
 * Nothing is sent when nothing changed. A delivery that fails is told on stderr; it never
 * changes the run's exit code (the CI step routes that).
 */
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { ConfigError } from '../../../harness/errors.js';
import { EXIT_CODES, type ExitRoute } from '../../../harness/exit-codes.js';
import { publicUrl } from '../../../harness/reproduce.js';
import { userAgent } from '../../../harness/tool-version.js';
import type { HistoryComparison } from '../../../reports/monitor/history.js';
import type { RunSummary } from '../../../reports/summary.js';
import { runUrlOf, type Change } from './change.js';
import { jsonMessages } from './json.js';
import { pagerdutyMessages, routingKey } from './pagerduty.js';
import { slackMessages } from './slack.js';

/** Each format: the messages (POSTed in order) a change makes. */
const NOTIFY_FORMATS = {
  json: { summary: "a generic JSON webhook: the change in the suite's own words", messages: jsonMessages },
  slack: { summary: 'a Slack incoming webhook', messages: slackMessages },
  pagerduty: {
    summary: 'PagerDuty Events API v2: trigger and resolve, one dedup key per rule or exit code',
    messages: pagerdutyMessages,
  },
} as const satisfies Record<
  string,
  { summary: string; messages: (change: Change, env: NodeJS.ProcessEnv) => unknown[] }
>;

type NotifyFormat = keyof typeof NOTIFY_FORMATS;

export interface Destination {
  format: NotifyFormat;
  url: string;
  /** Only this route's conditions (and no other destination hears them); absent: every unclaimed route. */
  route?: ExitRoute;
}

const ROUTES = [...new Set(Object.values(EXIT_CODES).map((spec) => spec.route))].filter((r) => r !== 'none');

/**
 * One `--notify` value checked: a known format, a known route, an http(s) URL. Never echoes the URL (it may hold a
 * token).
 */
export function destinationOf(spec: string, env: NodeJS.ProcessEnv = process.env): Destination {
  const match = /^(?:([a-z]+):)?([a-z]+)=(.+)$/.exec(spec);
  // Only a `[route:]format` head is shown: anything else (a URL given without its format) may hold a token.
  const head = spec.split('=')[0]!;
  const shown = /^(?:[a-z]+:)?[a-z]+$/.test(head) && spec.includes('=') ? `${head}=…` : '(the value is not shown)';
  const fail = (why: string) => new ConfigError('E_NOTIFY_INVALID', `--notify ${shown}: ${why}`);
  if (!match) throw fail('not [<route>:]<format>=<url>');
  const [, route, format, url] = match;
  if (!Object.hasOwn(NOTIFY_FORMATS, format!))
    throw fail(`unknown format "${format}"; formats are ${Object.keys(NOTIFY_FORMATS).join(', ')}`);
  if (route !== undefined && !(ROUTES as string[]).includes(route))
    throw fail(`unknown route "${route}"; routes are ${ROUTES.join(', ')}`);
  let parsed: URL;
  try {
    parsed = new URL(url!);
  } catch {
    throw fail('the URL is not absolute');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw fail('the URL must be http or https');
  if (format === 'pagerduty') routingKey(env);
  return { format: format as NotifyFormat, url: url!, ...(route ? { route: route as ExitRoute } : {}) };
}

/** The part of a comparison one destination hears: its route's conditions, or those no routed destination claims. */
export function changeFor(destination: Destination, all: readonly Destination[], history: HistoryComparison) {
  const claimed = new Set(all.flatMap((d) => (d.route ? [d.route] : [])));
  const hears = (route: ExitRoute) => (destination.route ? route === destination.route : !claimed.has(route));
  return {
    new: history.new.filter((c) => hears(c.route)),
    recovered: history.recovered.filter((c) => hears(c.route)),
    still: history.still.filter((c) => hears(c.route)),
  };
}

export interface Delivery {
  destination: string;
  messages: number;
  /** Why it failed; absent when every message was taken. */
  error?: string;
}

const TIMEOUT_MS = 10_000;

async function post(dispatcher: Dispatcher, url: string, body: unknown, runId: string): Promise<void> {
  const res = await request(url, {
    dispatcher,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent(runId) },
    body: JSON.stringify(body),
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${res.statusCode}${text ? ` ${text.slice(0, 200)}` : ''}`);
}

/**
 * Tells each destination what changed for it, when anything did; proxies from the environment
 * are honoured as for the target. Resolves with what was sent and what failed.
 */
export async function notify(
  destinations: readonly Destination[],
  summary: RunSummary,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Delivery[]> {
  const history = summary.history;
  if (!history?.changed) return [];
  const dispatcher = new EnvHttpProxyAgent();
  const deliveries: Delivery[] = [];
  try {
    for (const destination of destinations) {
      const part = changeFor(destination, destinations, history);
      if (part.new.length === 0 && part.recovered.length === 0) continue;
      const runUrl = runUrlOf(env);
      const change: Change = { run: summary, ...part, ...(runUrl ? { runUrl } : {}) };
      const messages = NOTIFY_FORMATS[destination.format].messages(change, env);
      const name =
        `${destination.route ? `${destination.route}:` : ''}${destination.format} ` +
        `(${new URL(publicUrl(destination.url)).host})`;
      try {
        for (const message of messages) await post(dispatcher, destination.url, message, summary.runId);
        deliveries.push({ destination: name, messages: messages.length });
      } catch (err) {
        deliveries.push({ destination: name, messages: messages.length, error: (err as Error).message });
      }
    }
  } finally {
    await dispatcher.close();
  }
  return deliveries;
}
