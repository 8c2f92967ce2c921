/**
 * Idempotency keys: `<run id>-<n>` (or `<run id>-<label>-<n>`), within the contract's format
 * (section 8: 1 to 255 of `A-Z a-z 0-9 - _`). The counter is process-wide per run id, so two
 * clients of one run never hand out the same key.
 */

export const IDEMPOTENCY_KEY_FORMAT = /^[A-Za-z0-9_-]{1,255}$/;

const MAX_LENGTH = 255;
const counters = new Map<string, number>();

/** Characters outside the contract's alphabet become `-`. */
function sanitise(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '-');
}

export function newIdempotencyKey(runId: string, label?: string): string {
  const n = (counters.get(runId) ?? 0) + 1;
  counters.set(runId, n);
  const suffix = `-${n}`;
  const head = [sanitise(runId) || 'run', label ? sanitise(label) : undefined].filter(Boolean).join('-');
  return head.slice(0, MAX_LENGTH - suffix.length) + suffix;
}
