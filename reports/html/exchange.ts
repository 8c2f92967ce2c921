/** One recorded exchange as a collapsible block: request line, status, headers, body. */
import type { Exchange } from '../../harness/model.js';
import { html, type Raw } from './escape.js';

/** Pretty-printed JSON when the text is JSON, else the text as recorded. */
function prettyBody(text: string | undefined, json?: unknown): string {
  if (json !== undefined) return JSON.stringify(json, null, 2);
  if (text === undefined || text === '') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function headersTable(headers: Record<string, string>): Raw {
  const rows = Object.entries(headers).map(
    ([name, value]) => html`<tr><td><code>${name}</code></td><td><code>${value}</code></td></tr>`,
  );
  return rows.length ? html`<table>${rows}</table>` : html`<p><em>no headers recorded</em></p>`;
}

function exchangeBlock(exchange: Exchange, open = false): Raw {
  const { request, response } = exchange;
  const status = response ? String(response.status) : `no response: ${exchange.error ?? 'unknown error'}`;
  const requestBody = prettyBody(request.body);
  const responseBody = response ? prettyBody(response.body, response.json) : '';
  const role = exchange.role ? `, key role ${exchange.role}` : '';
  const body = responseBody ? html`<pre>${responseBody}</pre>` : html`<p><em>empty body</em></p>`;
  const answer = response
    ? html`<p>Status <b>${response.status}</b></p>${headersTable(response.headers)}${body}`
    : html`<p>${status}</p>`;
  return html`<details class="exchange"${open ? html` open` : ''}>
<summary><code>${request.method} ${request.url}</code> → <b>${status}</b>
<span class="meta">(${Math.round(exchange.durationMs)} ms${role})</span></summary>
<h3>Request</h3>
${headersTable(request.headers)}
${requestBody ? html`<pre>${requestBody}</pre>` : ''}
<h3>Response</h3>
${answer}
</details>`;
}

/** At most `max` exchanges (the last ones: they show the outcome), with a note for the rest. */
export function exchangeList(exchanges: readonly Exchange[], max = 20): Raw {
  const shown = exchanges.slice(-max);
  const hidden = exchanges.length - shown.length;
  const note = hidden > 0 ? html`<p class="meta">${hidden} earlier exchanges are in summary.json.</p>` : '';
  // The last of one or two is open: it shows the outcome.
  const blocks = shown.map((exchange, i) => exchangeBlock(exchange, i === shown.length - 1 && shown.length <= 2));
  return html`${note}${blocks}`;
}
