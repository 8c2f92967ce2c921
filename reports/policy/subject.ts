/**
 * What `verify` judges: a bundle (its manifest, signature and files) or an evidence.json given
 * alone (the former format carried its own signature; the current one is signed by its bundle),
 * read into one shape the policy's clauses check: the evidence, what is wrong with its files, and
 * who signed it.
 */
import { basename } from 'node:path';
import { documentDigest, verifyDigest } from '../digest.js';
import { EVIDENCE_FORMAT, OLD_EVIDENCE_FORMAT, type Evidence } from '../evidence.js';
import type { OpenedBundle } from '../bundle/files.js';
import { keyIdOf, type TrustedKey } from '../bundle/jws.js';
import { checkOldSignature } from './old-signature.js';

type SignatureState =
  | { state: 'unsigned'; reason: string }
  | { state: 'broken'; reason: string }
  /** `trusted`: undefined when no trusted key was given. */
  | { state: 'signed'; kid: string; how: string; trusted?: boolean };

export interface Subject {
  /** A bundle folder, or an evidence.json alone. */
  given: 'bundle' | 'evidence';
  /** The evidence, when it could be read. */
  evidence?: Evidence;
  /** What is wrong with the files (empty: they are whole), and what was checked. */
  problems: string[];
  checked: string;
  signature: SignatureState;
}

/** The digests of summary.json files that are whole (their own digest matches their content). */
function summaryDigests(bundle: OpenedBundle): Set<string> {
  const digests = new Set<string>();
  for (const file of bundle.files) {
    if (basename(file.name) !== 'summary.json' || !file.bytes) continue;
    try {
      const summary = JSON.parse(new TextDecoder().decode(file.bytes)) as object;
      if (verifyDigest(summary)) digests.add(documentDigest(summary));
    } catch {
      // a summary that is not JSON ties nothing
    }
  }
  return digests;
}

/** The summaries an evidence names: its own, or each merged shard's. */
const namedSummaries = (evidence: Evidence): string[] =>
  [evidence.summaryDigest, ...(evidence.mergedFrom ?? []).map((m) => m.summaryDigest)].filter(
    (d): d is string => typeof d === 'string',
  );

function evidenceIn(bundle: OpenedBundle): { evidence?: Evidence; problems: string[] } {
  const file = bundle.files.find((f) => f.name === bundle.manifest!.evidence);
  if (!file) return { problems: [`the manifest does not list its evidence ${bundle.manifest!.evidence}`] };
  if (!file.bytes) return { problems: [] };
  let evidence: Evidence;
  try {
    evidence = JSON.parse(new TextDecoder().decode(file.bytes)) as Evidence;
  } catch {
    return { problems: [`${file.name} is not JSON`] };
  }
  const problems = verifyDigest(evidence) ? [] : [`${file.name}: its digest does not match its content`];
  const whole = summaryDigests(bundle);
  for (const digest of namedSummaries(evidence))
    if (!whole.has(digest)) problems.push(`no summary.json of the bundle is the one the evidence names (${digest})`);
  return { evidence, problems };
}

function bundleSignature(bundle: OpenedBundle): SignatureState {
  const signature = bundle.signature;
  if (!signature) return { state: 'unsigned', reason: 'the bundle is unsigned (manifest.json, no manifest.jws)' };
  if (!signature.ok) return { state: 'broken', reason: signature.reason };
  return { state: 'signed', kid: signature.kid, how: 'JWS (EdDSA, Ed25519)', trusted: signature.trusted };
}

export function subjectOfBundle(bundle: OpenedBundle): Subject {
  const signature = bundleSignature(bundle);
  if (!bundle.manifest)
    return { given: 'bundle', problems: [bundle.problem ?? 'no manifest'], checked: 'the manifest', signature };
  const files = bundle.files.filter((f) => f.problem).map((f) => `${f.name}: ${f.problem}`);
  const { evidence, problems } = evidenceIn(bundle);
  return {
    given: 'bundle',
    ...(evidence ? { evidence } : {}),
    problems: [...files, ...problems],
    checked:
      `${bundle.files.length} files match the manifest (${bundle.files.map((f) => f.name).join(', ')}); ` +
      "the evidence's digest and the summaries it names match",
    signature,
  };
}

async function oldSignature(evidence: object, trusted?: readonly TrustedKey[]): Promise<SignatureState> {
  const checked = checkOldSignature(evidence);
  if (!checked.ok)
    return checked.reason === 'the document is not signed'
      ? { state: 'unsigned', reason: 'the evidence is unsigned' }
      : { state: 'broken', reason: checked.reason };
  const kid = await keyIdOf(checked.publicKey);
  return {
    state: 'signed',
    kid,
    how: 'Ed25519 of the former format',
    ...(trusted ? { trusted: trusted.some((t) => t.kid === kid) } : {}),
  };
}

/** An evidence.json given alone: the former format signed itself; the current one is signed by its bundle. */
export async function subjectOfEvidence(evidence: object, trusted?: readonly TrustedKey[]): Promise<Subject> {
  const format = (evidence as { format?: unknown }).format;
  const signature: SignatureState =
    format === EVIDENCE_FORMAT
      ? { state: 'unsigned', reason: 'evidence.json alone carries no signature: give the bundle folder it came in' }
      : await oldSignature(evidence, trusted);
  return {
    given: 'evidence',
    evidence: evidence as Evidence,
    problems: verifyDigest(evidence) ? [] : ['its digest does not match its content'],
    checked: 'its digest matches its content (whoever edits it can recompute it)',
    signature,
  };
}

export const isOldFormat = (subject: Subject) => subject.evidence?.format === (OLD_EVIDENCE_FORMAT as string);
