/**
 * What `verify` checks of an evidence.json, each on its own line: its digest (any editor can
 * recompute it), its Ed25519 signature (changed after signing?), optionally that the signer is
 * a key the reader trusts, and that a summary.json is the one the evidence names.
 */
import type { KeyObject } from 'node:crypto';
import { documentDigest, verifyDigest } from './digest.js';
import { checkSignature } from './signature.js';

export interface VerifyStep {
  what: string;
  ok: boolean;
  detail: string;
}

export function verifyEvidence(
  evidence: object,
  options: { trusted?: KeyObject; summary?: object } = {},
): VerifyStep[] {
  const steps: VerifyStep[] = [];
  const digestOk = verifyDigest(evidence);
  steps.push({
    what: 'digest',
    ok: digestOk,
    detail: digestOk
      ? 'matches the content (shows only that the file is whole: whoever edits it can recompute it)'
      : 'does not match the content',
  });
  const signed = checkSignature(evidence, options.trusted);
  steps.push(
    signed.ok
      ? {
          what: 'signature',
          ok: true,
          detail:
            `Ed25519 by ${signed.keyId}: not changed since it was ` +
            `signed${options.trusted ? ', by the trusted key' : ' (pass --public-key to check who signed)'}`,
        }
      : { what: 'signature', ok: false, detail: signed.reason },
  );
  if (options.summary) {
    const claimed = (evidence as { summaryDigest?: unknown }).summaryDigest;
    const ok = verifyDigest(options.summary) && claimed === documentDigest(options.summary);
    steps.push({
      what: 'summary',
      ok,
      detail: ok
        ? 'summary.json is the one the evidence names (its digest matches summaryDigest)'
        : 'summary.json is not the one the evidence names, or was edited',
    });
  }
  return steps;
}
