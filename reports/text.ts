/** Short plain-text renderings shared by the writers. */
import type { Exchange, Finding } from '../harness/model.js';

/**
 * `why only a warning: <reason>` for a finding that warns (harness/model.ts `warningReason`),
 * the line every writer shows beside the warning; undefined for any other finding.
 */
export function warningReasonLine(finding: Finding): string | undefined {
  return finding.verdict === 'warning' && finding.warningReason
    ? `why only a warning: ${finding.warningReason}`
    : undefined;
}

/** `GET http://host/v1/ping -> 200 (12 ms)`, or the transport error. */
export function describeExchange(exchange: Exchange): string {
  const outcome = exchange.response
    ? String(exchange.response.status)
    : `no response (${exchange.error ?? 'unknown error'})`;
  return `${exchange.request.method} ${exchange.request.url} -> ${outcome} (${Math.round(exchange.durationMs)} ms)`;
}

/** A value cut to `max` characters, with a marker when cut. */
export function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length - max} more characters)`;
}
