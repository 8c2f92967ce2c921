/**
 * The certification policy: only a signed, complete, PASSED certification run against a remote
 * target with no fault or variant, on the pinned spec, signed by a trusted key is VERIFIED. Each
 * way a run falls short is refused by its own clause; without a trusted key the verdict is
 * INTEGRITY ONLY, never verified; the former format is integrity only.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { openBundle } from '../bundle/files.js';
import { trustedKeyOf, type TrustedKey } from '../bundle/jws.js';
import type { Evidence } from '../evidence.js';
import { bundleOf, certifiedEvidence, changed, newKeys, PINNED } from '../testing/certified.js';
import type { ClauseCode } from './clauses.js';
import { defaultPolicy, profileCanMeet, type PolicyName } from './policies.js';
import { subjectOfBundle, subjectOfEvidence, type Subject } from './subject.js';
import { verifyByPolicy } from './verify.js';

const keys = newKeys();
const other = newKeys();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function subjectOf(evidence: Evidence, signed = true, trusted?: TrustedKey[]): Promise<Subject> {
  const dir = await bundleOf(evidence, signed ? keys.privateKey : undefined);
  dirs.push(dir);
  return subjectOfBundle(await openBundle(dir, trusted));
}

const trust = async () => [await trustedKeyOf(keys.publicKey)];
const judged = (subject: Subject, trustGiven: boolean, policy: PolicyName = 'certification') =>
  verifyByPolicy(policy, { subject, pin: PINNED, trustGiven });
const failedCodes = (verdict: ReturnType<typeof judged>) => verdict.clauses.filter((c) => !c.ok).map((c) => c.code);

describe('the certification policy', () => {
  it('verifies a signed, complete, passed certification run signed by a trusted key', async () => {
    const verdict = judged(await subjectOf(certifiedEvidence(), true, await trust()), true);
    expect(failedCodes(verdict)).toEqual([]);
    expect(verdict.exitCode).toBe(0);
    expect(verdict.result).toMatch(/^VERIFIED: meets policy certification, signed by the trusted key /);
  });

  it('without a trusted key it is integrity only, never verified', async () => {
    const verdict = judged(await subjectOf(certifiedEvidence()), false);
    expect(failedCodes(verdict)).toEqual(['P_TRUSTED_KEY']);
    expect(verdict.exitCode).toBe(1);
    expect(verdict.result).toMatch(/^INTEGRITY ONLY: whole, signed by key \S+ and meeting every other clause/);
    expect(JSON.stringify(verdict)).not.toMatch(/verified/i);
  });

  it('refuses a bundle signed by a key that is not trusted', async () => {
    const verdict = judged(await subjectOf(certifiedEvidence(), true, [await trustedKeyOf(other.publicKey)]), true);
    expect(failedCodes(verdict)).toEqual(['P_TRUSTED_KEY']);
    expect(verdict.result).toMatch(/^REFUSED by policy certification: P_TRUSTED_KEY; integrity only$/);
  });

  const cases: Array<[string, (e: Evidence) => void, ClauseCode[]]> = [
    ['a FAILED run', (e) => Object.assign(e, { outcome: 'failed', counts: { ...e.counts, failed: 2 } }), ['P_PASSED']],
    ['a failure a baseline accepted', (e) => Object.assign(e, { counts: { ...e.counts, failed: 1 } }), ['P_PASSED']],
    ['a degraded run', (e) => Object.assign(e, { outcome: 'degraded' }), ['P_PASSED']],
    [
      'a partial run',
      (e) => Object.assign(e, { scope: { ...e.scope, complete: false, partial: ['families utility of 8'] } }),
      ['P_COMPLETE'],
    ],
    ['a shard', (e) => Object.assign(e, { scope: { ...e.scope, shard: '1/3' } }), ['P_COMPLETE']],
    ['a stopped run', (e) => Object.assign(e, { stopped: { reason: 'deadline' } }), ['P_COMPLETE']],
    ['fewer runs than the profile', (e) => Object.assign(e, { scope: { ...e.scope, runs: 1 } }), ['P_COMPLETE']],
    [
      'a property cut short',
      (e) => {
        e.rules[0]!.checks[0]!.runs = { planned: 25, executed: 7 };
      },
      ['P_COMPLETE'],
    ],
    ['the embedded server', (e) => Object.assign(e, { target: { ...e.target, embedded: true } }), ['P_REMOTE_TARGET']],
    ['a fault', (e) => Object.assign(e, { target: { ...e.target, fault: 'ping-500' } }), ['P_NO_FAULT']],
    ['a variant', (e) => Object.assign(e, { target: { ...e.target, variants: ['x'] } }), ['P_NO_VARIANT']],
    [
      'another spec document',
      (e) => Object.assign(e, { spec: { ...e.spec, digest: `sha256:${'cd'.repeat(32)}` } }),
      ['P_SPEC_PINNED'],
    ],
  ];

  it.each(cases)('refuses %s by its own clause, with a fix', async (_name, change, codes) => {
    const verdict = judged(await subjectOf(changed(change), true, await trust()), true);
    expect(failedCodes(verdict)).toEqual(codes);
    expect(verdict.exitCode).toBe(1);
    expect(verdict.result).toBe(`REFUSED by policy certification: ${codes.join(', ')}`);
    for (const clause of verdict.clauses.filter((c) => !c.ok)) expect(clause.fix).toMatch(/\w/);
  });

  it('refuses an unsigned bundle, and a file changed in it', async () => {
    expect(failedCodes(judged(await subjectOf(certifiedEvidence(), false, await trust()), true))).toEqual([
      'P_SIGNED',
      'P_TRUSTED_KEY',
    ]);
    const subject = await subjectOf(certifiedEvidence(), true, await trust());
    const tampered: Subject = { ...subject, problems: ['report.html: changed'] };
    expect(failedCodes(judged(tampered, true))).toEqual(['P_INTACT']);
  });

  it('refuses an evidence whose summary is not in the bundle', async () => {
    const verdict = judged(
      await subjectOf(
        changed((e) => Object.assign(e, { summaryDigest: `sha256:${'00'.repeat(32)}` })),
        true,
        await trust(),
      ),
      true,
    );
    expect(failedCodes(verdict)).toEqual(['P_INTACT']);
    expect(verdict.clauses[0]!.detail).toMatch(/no summary.json of the bundle is the one the evidence names/);
  });

  it('holds an evidence.json given alone for integrity only: unsigned, whatever it says', async () => {
    const subject = await subjectOfEvidence(certifiedEvidence(), await trust());
    expect(failedCodes(judged(subject, true))).toEqual(['P_SIGNED', 'P_TRUSTED_KEY']);
  });
});

describe('the former format', () => {
  const old = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/fixtures/evidence-v1/evidence.json'), 'utf8')) as object;

  it('is read for integrity only: its own digest and signature, never the certification policy', async () => {
    const verdict = judged(await subjectOfEvidence(old), false, 'integrity');
    expect(failedCodes(verdict)).toEqual([]);
    expect(verdict.exitCode).toBe(0);
    expect(verdict.result).toMatch(/^OLD FORMAT: INTEGRITY ONLY: the files are whole and signed by the key /);
    const refused = judged(await subjectOfEvidence(old), false);
    expect(refused.exitCode).toBe(1);
    expect(failedCodes(refused)).toContain('P_FORMAT');
    expect(refused.result).toMatch(/; old format: integrity only$/);
    expect(JSON.stringify(refused)).not.toMatch(/verified/i);
  });

  it('is caught when edited, its digest recomputed or not', async () => {
    const edited = { ...old, outcome: 'passed', counts: { ...(old as Evidence).counts, failed: 0 } };
    const verdict = judged(await subjectOfEvidence({ ...edited, digest: 'sha256:00' }), false, 'integrity');
    expect(failedCodes(verdict)).toEqual(['P_INTACT', 'P_SIGNED']);
  });
});

describe('which policy', () => {
  it('a certification evidence is held to certification by default; a policy knows which profiles can meet it', () => {
    expect(defaultPolicy('certification')).toBe('certification');
    expect(defaultPolicy('conformance')).toBe('integrity');
    expect(profileCanMeet('certification', 'certification')).toBe(true);
    expect(profileCanMeet('certification', 'conformance')).toBe(false);
    expect(profileCanMeet('integrity', 'smoke')).toBe(true);
    expect(profileCanMeet('integrity', 'a profile of another version')).toBe(true);
  });
});
