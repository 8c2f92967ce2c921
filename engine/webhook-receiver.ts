/**
 * A remote target's webhook receiver (older ICHRA webhooks): the run listens on 127.0.0.1 at
 * the port `--webhook-listen` or the profile's `webhookReceiver.listenPort` names, and the
 * target delivers to the profile's `publicUrl` (a tunnel or proxy forwarding there). The
 * embedded server has its own receiver, so the flag is for remote targets only (`plan-target.ts`).
 */
import { ConfigError } from '../harness/errors.js';
import { startWebhookInbox, type WebhookInbox } from './webhook-inbox.js';

/** The receiver, listening; a busy port is a usage error (exit 2) before the first request. */
export async function startWebhookReceiver(port: number): Promise<WebhookInbox> {
  return startWebhookInbox(port).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE' || err.code === 'EACCES')
      throw new ConfigError(
        'E_PORT_IN_USE',
        `--webhook-listen: port ${port} on 127.0.0.1 cannot be used (${err.code})`,
      );
    throw err;
  });
}
