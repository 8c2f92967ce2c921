/**
 * Webhook deliveries of the older interface (section 6): submission confirmation and policy
 * status, POSTed as JSON to the receiver URL the server was started with. Fire and forget:
 * a bounded timeout, failures swallowed, nothing retried; no receiver configured, no delivery.
 */
import type { ServerEnv } from '../types.js';

export type WebhookEvent = 'submission_confirmation' | 'policy_status';

const DELIVERY_TIMEOUT_MS = 2_000;

export function deliver(env: ServerEnv, event: WebhookEvent, data: Record<string, unknown>): void {
  if (!env.webhookUrl) return;
  const payload = { id: env.nextId('evt'), type: event, created_at: env.now().toISOString(), data };
  fetch(env.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  })
    .then((res) => res.body?.cancel())
    .catch(() => undefined);
}
