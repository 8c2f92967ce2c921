/**
 * A bundle that meets the certification policy, for the tests of the bundle and the policy: a
 * certification run of every family against a remote target, on the provider's document, with
 * every required rule proven and every property's runs made; and a way to write it, changed.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAMILIES, type Finding } from '../../harness/model.js';
import { writeBundle } from '../bundle/files.js';
import { withDigest } from '../digest.js';
import { buildEvidence, type Evidence } from '../evidence.js';
import { sampleInfo, sampleSummary } from './sample.js';
import type { RunSummary } from '../types.js';

export const PINNED = { digest: `sha256:${'ab'.repeat(32)}`, what: 'the pinned document' };

const EXCHANGE = { request: { method: 'GET', url: 'https://sandbox.example.com/v1/ping', headers: {} }, durationMs: 1 };
const passed = (check: string, rules: string[], runs?: number): Finding => ({
  check,
  family: 'utility',
  rules,
  verdict: 'passed',
  exchanges: [EXCHANGE],
  proof: Object.fromEntries(rules.map((r) => [r, [0]])),
  ...(runs ? { runs: { planned: runs, executed: runs } } : {}),
});

function certifiedSummary(): RunSummary {
  return sampleSummary(
    sampleInfo({
      runProfile: 'certification',
      target: { name: 'sandbox', baseUrl: 'https://sandbox.example.com', embedded: false },
      spec: { source: 'openapi.json', version: '0.1.0', digest: PINNED.digest },
      families: [...FAMILIES],
      runs: 25,
      command: 'npx partner-conformance run --target sandbox.json --profile certification',
    }),
    [
      passed('ping answers 200', ['PING-200'], 25),
      passed('issuers are ordered', ['ISSUERS-ORDER'], 25),
      passed('a cancellation is 202', ['ENR-CANCEL-202']),
    ],
  );
}

export const certifiedEvidence = (): Evidence => buildEvidence(certifiedSummary());

/** The evidence with `change` made to a copy of it, its digest computed again (an honest evidence of that run). */
export function changed(change: (evidence: Evidence) => void): Evidence {
  const copy = JSON.parse(JSON.stringify(certifiedEvidence())) as Evidence;
  change(copy);
  const { digest: _digest, ...rest } = copy;
  return withDigest(rest);
}

const encode = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** A bundle of `evidence`, the certified run's summary and a report, in a new folder; signed when `key` is given. */
export async function bundleOf(evidence: Evidence, key?: KeyObject): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  await writeBundle(
    dir,
    evidence.runId,
    'evidence.json',
    [
      ['evidence.json', encode(evidence)],
      ['summary.json', encode(certifiedSummary())],
      ['report.html', new TextEncoder().encode('<html></html>\n')],
    ],
    key,
  );
  return dir;
}

export const newKeys = () => generateKeyPairSync('ed25519');
