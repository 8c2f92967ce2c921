/**
 * `verify <bundle>`: holds a certification bundle (or an evidence.json alone) to a policy, clause by
 * clause; exit 0 when the policy is met, 1 when it is not, 2 for a mistake of the command (an
 * unreadable file or key, an unknown policy, a policy the evidence's run profile cannot meet).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ConfigError } from '../harness/errors.js';
import { readDocumentText } from '../harness/contract/source.js';
import { PROVIDER_SPEC } from '../harness/paths.js';
import type { RunIO } from '../engine/io.js';
import { bundleDirOf, openBundle, PLAIN_MANIFEST, SIGNED_MANIFEST } from '../reports/bundle/files.js';
import type { TrustedKey } from '../reports/bundle/jws.js';
import type { ClauseContext } from '../reports/policy/clauses.js';
import {
  defaultPolicy,
  isPolicyName,
  POLICIES,
  POLICY_NAMES,
  profileCanMeet,
  profilesOf,
  type PolicyName,
} from '../reports/policy/policies.js';
import { subjectOfBundle, subjectOfEvidence, type Subject } from '../reports/policy/subject.js';
import { verifyByPolicy, type PolicyVerdict } from '../reports/policy/verify.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { leadingFiles } from './files.js';
import { trustedKeysOf } from './trusted-keys.js';

export const VERIFY_FLAGS: FlagTable = {
  policy: {
    type: 'string',
    value: '<name>',
    help: `the policy to hold it to: ${POLICY_NAMES.join(', ')} (default: the one of its run profile)`,
  },
  'public-key': { type: 'string', value: '<key.pem>', help: 'an Ed25519 public key (PEM) you trust as the signer' },
  'trusted-keys': {
    type: 'string',
    value: '<file>',
    help: 'the keys you trust: a JWK set, one JWK, or PEM public keys one after another',
  },
  spec: {
    type: 'string',
    value: '<file|url>',
    help: "pin the spec to this document's digest (default: the provider's, specs/provider/openapi.json)",
  },
  'spec-digest': { type: 'string', value: '<sha256:hex>', help: 'pin the spec to this digest' },
  json: { type: 'boolean', help: 'print the verdict as JSON' },
  help: { type: 'boolean', help: 'this help' },
};

const policyLines = POLICY_NAMES.map((name) => `  ${name}: ${POLICIES[name].summary}`).join('\n');

export const VERIFY_HELP = `partner-conformance verify <bundle> [flags]

Holds a certification bundle (the bundle/ folder of a run's reports, or of merge-evidence) to a
policy, clause by clause, each with a stable code. It says VERIFIED only when every clause holds
and the signer is a key you trust; without one it is INTEGRITY ONLY. An evidence.json given alone
is checked for integrity (the former format's own signature too), never verified.
Policies:
${policyLines}
Exit codes: 0 the policy is met, 1 it is not, 2 a file, key or flag cannot be used, or the
evidence's run profile cannot meet the policy.

${flagHelp(VERIFY_FLAGS)}
`;

function readJsonFile(path: string, what: string): object {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (data === null || typeof data !== 'object') throw new Error('not a JSON object');
    return data;
  } catch (err) {
    throw new ConfigError(
      'E_EVIDENCE_UNREADABLE',
      `${what} ${path} cannot be read as JSON (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
}

/**
 * The bundle folder `path` names (the folder, a report folder holding one, or its manifest);
 * undefined for a file that is not a manifest (an evidence.json alone). A folder without one is exit 2.
 */
export function bundleAt(path: string): string | undefined {
  if (!existsSync(path))
    throw new ConfigError('E_EVIDENCE_UNREADABLE', `${path} does not exist`, 'Give the bundle folder of the run.');
  if ([SIGNED_MANIFEST, PLAIN_MANIFEST].includes(basename(path))) return dirname(path);
  if (!statSync(path).isDirectory()) return undefined;
  const dir = bundleDirOf(path);
  if (dir === undefined)
    throw new ConfigError(
      'E_EVIDENCE_UNREADABLE',
      `${path} holds no bundle (no ${SIGNED_MANIFEST} or ${PLAIN_MANIFEST}, here or in bundle/)`,
    );
  return dir;
}

/** What `path` holds: a bundle, or an evidence.json alone. */
export async function subjectAt(path: string, trusted?: readonly TrustedKey[]): Promise<Subject> {
  const dir = bundleAt(path);
  return dir !== undefined
    ? subjectOfBundle(await openBundle(dir, trusted))
    : subjectOfEvidence(readJsonFile(path, 'evidence'), trusted);
}

async function pinOf(spec: string | undefined, digest: string | undefined): Promise<ClauseContext['pin']> {
  if (spec !== undefined && digest !== undefined)
    throw new ConfigError('E_FLAGS_CONFLICT', 'verify: --spec and --spec-digest both pin the spec; give one');
  if (digest !== undefined) {
    if (!/^sha256:[0-9a-f]{64}$/.test(digest))
      throw new ConfigError('E_SPEC_DIGEST_INVALID', `--spec-digest ${digest} is not sha256: and 64 hex digits`);
    return { digest, what: 'the digest given (--spec-digest)' };
  }
  const text = await readDocumentText(spec ?? PROVIDER_SPEC);
  return {
    digest: `sha256:${text.digest}`,
    what: spec === undefined ? "the provider's document (specs/provider/openapi.json)" : `the digest of ${spec}`,
  };
}

function policyNamed(asked: string | undefined): PolicyName | undefined {
  if (asked === undefined || isPolicyName(asked)) return asked;
  throw new ConfigError('E_POLICY_UNKNOWN', `--policy ${asked} is not a policy (${POLICY_NAMES.join(', ')})`);
}

/** The policy asked for, or the one of the evidence's run profile; one its run profile cannot meet is exit 2. */
function policyFor(asked: PolicyName | undefined, subject: Subject): PolicyName {
  const runProfile = String(subject.evidence?.runProfile ?? 'unknown');
  const name = asked ?? defaultPolicy(runProfile);
  if (!profileCanMeet(name, runProfile))
    throw new ConfigError(
      'E_POLICY_PROFILE',
      `policy ${name} holds only evidence of a ${profilesOf(name).join(' or ')} run; this is evidence of a ` +
        `${runProfile} run, which can never meet it`,
    );
  return name;
}

function printVerdict(verdict: PolicyVerdict, io: RunIO): void {
  io.out.write(`Policy ${verdict.policy}: ${POLICIES[verdict.policy].summary}\n`);
  const width = Math.max(...verdict.clauses.map((c) => c.code.length));
  for (const clause of verdict.clauses) {
    io.out.write(`${clause.ok ? 'ok  ' : 'FAIL'} ${clause.code.padEnd(width)}  ${clause.detail}\n`);
    const indent = ' '.repeat(width + 7);
    if (!clause.ok) io.out.write(`${indent}requires: ${clause.requires}\n${indent}fix: ${clause.fix}\n`);
  }
  io.out.write(`Result: ${verdict.result}\n`);
}

export async function verifyCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const { files, rest } = leadingFiles(argv);
  const flags = parseFlags('verify', rest, VERIFY_FLAGS);
  if (flags.help) {
    io.out.write(VERIFY_HELP);
    return 0;
  }
  if (files.length !== 1)
    throw new ConfigError(
      'E_USAGE',
      `verify takes one bundle, got ${files.length}`,
      'Run `partner-conformance verify <report-dir>/bundle --public-key <key.pem>`.',
    );
  const asked = policyNamed(flags.policy as string | undefined);
  const trusted = await trustedKeysOf(
    flags['public-key'] as string | undefined,
    flags['trusted-keys'] as string | undefined,
  );
  const pin = await pinOf(flags.spec as string | undefined, flags['spec-digest'] as string | undefined);
  const subject = await subjectAt(files[0]!, trusted);
  const policy = policyFor(asked, subject);
  const verdict = verifyByPolicy(policy, { subject, pin, trustGiven: trusted !== undefined });
  if (flags.json) io.out.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else printVerdict(verdict, io);
  return verdict.exitCode;
}

export const command: CommandDefinition = { run: verifyCommand, help: VERIFY_HELP, flags: VERIFY_FLAGS };
