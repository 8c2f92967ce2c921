/** The run's confirmations (harness/suite/confirm.ts) counted, and the requests it sent. */
import { BUDGET_TIMEOUT } from '../../harness/client/errors.js';
import type { Confirmation, Exchange, Finding } from '../../harness/model.js';
import { exchangesOfChecks } from './latency.js';

export type ConfirmationCounts = Record<Confirmation['result'], number>;

/**
 * How many checks were confirmed, transient or left unconfirmed; undefined when none was tried again or could have
 * been.
 */
export function countConfirmations(findings: readonly Finding[]): ConfirmationCounts | undefined {
  const tried = findings.filter((f) => f.confirmation !== undefined);
  if (tried.length === 0) return undefined;
  const counts: ConfirmationCounts = { confirmed: 0, transient: 0, unconfirmed: 0 };
  for (const f of tried) counts[f.confirmation!.result] += 1;
  return counts;
}

/** What an attempt's last exchange got: `503`, `no response: ECONNRESET`. */
function seen(exchanges: readonly Exchange[]): string {
  const last = exchanges.at(-1);
  return last?.response ? `${last.response.status}` : `no response: ${last?.error ?? '?'}`;
}

/**
 * `transient: [reference] counties ... (first: 503; again after 5 s: 503; again after 5 s: passed)`, one line per
 * check tried again.
 */
export function confirmationLine(f: Finding): string {
  const c = f.confirmation!;
  const pause = `again after ${(c.pauseMs ?? 0) / 1000} s`;
  const attempts = [...c.earlier.map((a) => a.exchanges), ...(c.result === 'unconfirmed' ? [f.exchanges] : [])];
  const steps = attempts.map((exchanges, i) => `${i === 0 ? 'first' : pause}: ${seen(exchanges)}`);
  const last =
    c.result === 'unconfirmed' ? `not tried again: ${c.reason ?? 'no budget left'}` : `${pause}: ${f.verdict}`;
  return `${c.result}: [${f.family}] ${f.check} (${[...steps, last].join('; ')})`;
}

/** Requests the run's checks sent (their confirmations included), plus those the engine sent before them. */
export function requestsOf(findings: readonly Finding[], beforeChecks: number): number {
  // A request that waited out its rate budget never left.
  return beforeChecks + exchangesOfChecks(findings).filter(({ exchange }) => exchange.error !== BUDGET_TIMEOUT).length;
}
