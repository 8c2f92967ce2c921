/**
 * A remote target's webhook receiver (older ICHRA webhooks): the run listens on 127.0.0.1 at
 * the port `--webhook-listen` or the profile's `webhookReceiver.listenPort` names, and the
 * target delivers to the profile's `publicUrl` (a tunnel or proxy forwarding there). The
 * embedded server has its own receiver, so the flag is for remote targets only.
 */
import { ConfigError } from '../harness/errors.js';
import type { TargetProfile } from '../harness/run-config.js';
import { startWebhookInbox, type WebhookInbox } from './webhook-inbox.js';

export function webhookListenOf(
  raw: string | undefined,
  target: { embedded: boolean; profile: TargetProfile },
): number | undefined {
  if (raw !== undefined && target.embedded) {
    throw new ConfigError(
      'E_FLAGS_CONFLICT',
      '--webhook-listen is for a remote target; the embedded server delivers to a receiver of its own',
      'Drop --webhook-listen, or give --target/--base-url.',
    );
  }
  if (raw === undefined) return target.embedded ? undefined : target.profile.webhookReceiver?.listenPort;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535)
    throw new ConfigError('E_USAGE', `--webhook-listen "${raw}" is not a port number (1 to 65535)`);
  return port;
}

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
