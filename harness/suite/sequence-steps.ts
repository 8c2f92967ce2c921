/**
 * Numbered steps of a sequence property (a model run): each request of step n carries a label
 * made by `stepLabel(n, ...)`, so a failure's exchanges read back as numbered steps.
 */
import type { Exchange } from '../model.js';

const STEP = /^step (\d+): (.*)$/s;

/** The label of a request sent by step `n` (1-based). */
export const stepLabel = (n: number, what: string): string => `step ${n}: ${what}`;

/** The exchange as one line: method, path and query, and the status (or the transport failure). */
function exchangeLine(ex: Exchange): string {
  const url = new URL(ex.request.url, 'http://target');
  const answer = ex.response ? `${ex.response.status}` : `no response (${ex.error ?? 'transport failure'})`;
  return `${ex.request.method} ${url.pathname}${url.search} -> ${answer}`;
}

/**
 * The exchanges as numbered steps, each with its requests (`n. what` then `   label: METHOD path -> status`);
 * empty when no exchange carries a step label.
 */
export function numberedSteps(exchanges: readonly Exchange[]): string {
  const steps = new Map<number, string[]>();
  for (const ex of exchanges) {
    const m = STEP.exec(ex.label ?? '');
    if (!m) continue;
    const n = Number(m[1]);
    const [what, ...detail] = m[2].split(': ');
    const lines = steps.get(n) ?? [`${n}. ${what}`];
    lines.push(`   ${detail.length ? `${detail.join(': ')}: ` : ''}${exchangeLine(ex)}`);
    steps.set(n, lines);
  }
  return [...steps.keys()]
    .sort((a, b) => a - b)
    .map((n) => steps.get(n)!.join('\n'))
    .join('\n');
}
