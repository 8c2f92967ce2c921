/**
 * The start phase: the journal started, the target started (the embedded server) or taken as it
 * is (a remote one), the run's keys resolved once (the preflight, the configuration warnings and
 * the reports' scrubbing read them), a remote target's certificates being read and its webhook
 * receiver listening. `close` stops what started; a start that fails stops what it had started.
 */
import { startJournal } from '../../harness/client/journal.js';
import { KeyRing } from '../../harness/client/keys.js';
import { readOf } from '../../harness/contract/load.js';
import { operationOfRequest, runDocuments } from '../../harness/run-documents.js';
import type { TlsCertificate } from '../../reports/monitor/tls.js';
import { startTarget, type EmbeddedServerOptions, type StartedTarget } from '../embedded.js';
import { readCertificates } from '../monitor/tls-certificate.js';
import type { RunPlan } from '../plan.js';
import type { WebhookInbox } from '../webhook-inbox.js';
import { startWebhookReceiver } from '../webhook-receiver.js';

export interface Started {
  target: StartedTarget;
  keys: KeyRing;
  /** The certificate chain of each https host of a remote profile, being read (no request of its own). */
  certificates?: Promise<TlsCertificate[]>;
  /** A remote target's webhook receiver (`--webhook-listen`). */
  receiver?: WebhookInbox;
  /** The operation of a request: the exchanges before the checks are named by their operations too. */
  operationOf: ReturnType<typeof operationOfRequest>;
  close(): Promise<void>;
}

export async function start(plan: RunPlan, server: EmbeddedServerOptions): Promise<Started> {
  startJournal(plan.journal);
  const target = await startTarget(plan, undefined, server);
  let receiver: WebhookInbox | undefined;
  const close = async () => {
    await receiver?.close();
    await target.close();
  };
  try {
    const keys = new KeyRing(target.profile.keys, process.env);
    const remote = plan.target.kind === 'remote' ? plan.target : undefined;
    const certificates = remote ? readCertificates(target.profile) : undefined;
    receiver = remote?.webhookListen !== undefined ? await startWebhookReceiver(remote.webhookListen) : undefined;
    const operationOf = operationOfRequest(await runDocuments(plan.contract.source, readOf(plan.contract)));
    return {
      target,
      keys,
      ...(certificates ? { certificates } : {}),
      ...(receiver ? { receiver } : {}),
      operationOf,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
