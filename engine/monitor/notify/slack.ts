/** Slack incoming webhooks: one message per change, `text` in Slack's mrkdwn (its fallback and its body). */
import { headline, type Change } from './change.js';

/** Slack mrkdwn escapes only these three. */
const mrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackMessages(change: Change): unknown[] {
  const lines = [
    `*${mrkdwn(headline(change))}*`,
    ...change.new.map((c) => `:red_circle: new since last run: ${mrkdwn(c.title)} _[${c.route}]_`),
    ...change.recovered.map((c) => `:large_green_circle: recovered: ${mrkdwn(c.title)} _[${c.route}]_`),
    ...[...change.reminders, ...change.still].map(
      (c) => `:large_orange_circle: still failing since ${c.since}: ${mrkdwn(c.title)} _[${c.route}]_`,
    ),
    ...(change.runUrl ? [`<${change.runUrl}|the run and its reports>`] : []),
  ];
  return [{ text: lines.join('\n') }];
}
