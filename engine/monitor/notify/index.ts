/**
 * `--notify [<route>:]<format>=<url>`: where a change of state is told, and in which format
 * (one table, NOTIFY_FORMATS). A destination that names a route (an exit code's `whose`, e.g.
 * `credentials` for a refused key) hears only that route's conditions, and the destinations
 * without one no longer hear them: exit 5 can go to the owner of the secret, not the on-call.
 * Each destination has its own state in the history (what it was told is open): it hears each
 * alerting condition once, its recovery once, and a reminder at the interval; what it did not
 * take is told again on the next run, and holds up no other destination. A delivery that fails
 * is told on stderr; it never changes the run's exit code (the CI step routes that).
 */
import { createHash } from 'node:crypto';
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { ConfigError } from '../../../harness/errors.js';
import { EXIT_CODES, type ExitRoute } from '../../../harness/exit-codes.js';
import { publicUrl } from '../../../harness/reproduce.js';
import { userAgent } from '../../../harness/tool-version.js';
import { runUrlOf, type Change } from './change.js';
import { jsonMessages } from './json.js';
import { pagerdutyMessages, routingKey } from './pagerduty.js';
import { slackMessages } from './slack.js';
import { TOLD_EVERYWHERE } from '../history-store.js';
import type { Condition, HistoryComparison, RunSummary, Told, TrackedCondition } from '../../../reports/types.js';

/** Each format: the messages (POSTed in order) a change makes. */
const NOTIFY_FORMATS = {
  json: { summary: "a generic JSON webhook: the change in the suite's own words", messages: jsonMessages },
  slack: { summary: 'a Slack incoming webhook', messages: slackMessages },
  pagerduty: {
    summary: 'PagerDuty Events API v2: trigger and resolve, one dedup key per condition (the target down, a rule)',
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

/** A destination's name in the history: its route, format and a digest of its URL (a secret, never kept whole). */
export function destinationId(destination: Destination): string {
  const digest = createHash('sha256').update(destination.url).digest('hex').slice(0, 12);
  return `${destination.route ?? '*'}:${destination.format}:${digest}`;
}

/** Conditions that alert now: found by this run, or open and not judged by it. */
const alertingOf = (history: HistoryComparison): TrackedCondition[] =>
  [...history.new, ...history.still, ...history.unjudged].filter((c) => c.alerting);

/**
 * What one destination hears of a run: its route's alerting conditions (or those no routed
 * destination claims) against what it was told; `remindMs`: the interval of reminders.
 */
export function changeFor(
  destination: Destination,
  all: readonly Destination[],
  history: HistoryComparison,
  told: Readonly<Record<string, Told>>,
  at: string,
  remindMs?: number,
): Omit<Change, 'run' | 'runUrl'> {
  const claimed = new Set(all.flatMap((d) => (d.route ? [d.route] : [])));
  const hears = (route: ExitRoute) => (destination.route ? route === destination.route : !claimed.has(route));
  const heard = alertingOf(history).filter((c) => hears(c.route));
  const due = (c: Condition) => remindMs !== undefined && Date.parse(at) - Date.parse(told[c.key]!.at) >= remindMs;
  const keys = new Set(heard.map((c) => c.key));
  return {
    new: heard.filter((c) => !told[c.key]),
    recovered: Object.entries(told)
      .filter(([key]) => !keys.has(key))
      .map(([key, t]) => ({ key, title: t.title, route: t.route })),
    reminders: heard.filter((c) => told[c.key] && due(c)),
    still: heard.filter((c) => told[c.key] && !due(c)),
  };
}

/** What the destination was told once it took a change: the recovered ones gone, the new and reminded ones now. */
function toldAfter(told: Readonly<Record<string, Told>>, part: Omit<Change, 'run' | 'runUrl'>, at: string) {
  const next = { ...told };
  for (const c of part.recovered) delete next[c.key];
  for (const c of [...part.new, ...part.reminders]) next[c.key] = { title: c.title, route: c.route, at };
  return next;
}

export interface Delivery {
  destination: string;
  messages: number;
  /** Why it failed; absent when every message was taken. */
  error?: string;
  /** What the destination was told is open after this run (unchanged when the delivery failed). */
  told: Record<string, Told>;
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

export interface NotifyOptions {
  /** What each destination was told, by destinationId (TOLD_EVERYWHERE: every destination without its own). */
  told: Readonly<Record<string, Record<string, Told>>>;
  /** The interval of reminders of a condition that still alerts, in ms; absent: none. */
  remindMs?: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * Tells each destination what it has not heard; proxies from the environment are honoured as for
 * the target. Resolves with each destination's delivery: what was sent, what failed, and what it
 * was told after it. A destination with nothing to hear is sent nothing.
 */
export async function notify(
  destinations: readonly Destination[],
  summary: RunSummary,
  options: NotifyOptions,
): Promise<Delivery[]> {
  const history = summary.history;
  if (!history) return [];
  const env = options.env ?? process.env;
  const dispatcher = new EnvHttpProxyAgent();
  const runUrl = runUrlOf(env);
  const deliveries: Delivery[] = [];
  try {
    for (const destination of destinations) {
      const told = options.told[destinationId(destination)] ?? options.told[TOLD_EVERYWHERE] ?? {};
      const part = changeFor(destination, destinations, history, told, summary.finishedAt, options.remindMs);
      const name =
        `${destination.route ? `${destination.route}:` : ''}${destination.format} ` +
        `(${new URL(publicUrl(destination.url)).host})`;
      if (part.new.length + part.recovered.length + part.reminders.length === 0) {
        deliveries.push({ destination: name, messages: 0, told });
        continue;
      }
      const change: Change = { run: summary, ...part, ...(runUrl ? { runUrl } : {}) };
      const messages = NOTIFY_FORMATS[destination.format].messages(change, env);
      try {
        for (const message of messages) await post(dispatcher, destination.url, message, summary.runId);
        deliveries.push({
          destination: name,
          messages: messages.length,
          told: toldAfter(told, part, summary.finishedAt),
        });
      } catch (err) {
        deliveries.push({ destination: name, messages: messages.length, error: (err as Error).message, told });
      }
    }
  } finally {
    await dispatcher.close();
  }
  return deliveries;
}
