/**
 * A mock is a fair judge: against a stateless mock that answers only what the provider's
 * document allows, every rule the suite fails is one such a mock cannot satisfy. A failure the
 * suite causes by its own dialect (a request the document refuses, a member read under another
 * name) fails a rule outside that set, and this test with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRules } from '../../harness/rules.js';
import { readSummary, runCli, scratch } from '../e2e/cli.js';
import { startDocumentMock, type DocumentMock } from './mock-server.js';
import { STATELESS_CHECK_LIMITS, STATELESS_LIMITS } from './stateless-limits.js';
import type { RunSummary } from '../../reports/types.js';

const PROVIDER_DOCUMENT = 'specs/provider/openapi.json';
/** The families the provider's document describes. */
const FAMILIES = 'utility,reference,quotes,enrollment-sessions,policy-status,enrollments';

describe('the suite against a stateless mock of the provider document', () => {
  const tmp = scratch('document-mock');
  let mock: DocumentMock;
  let summary: RunSummary;
  let code: number;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    mock = await startDocumentMock(PROVIDER_DOCUMENT);
    const reference = JSON.parse(readFileSync('specs/profiles/reference.json', 'utf8'));
    const keys: Record<string, { env: string; tier: string }> = {};
    for (const [role, ref] of Object.entries(reference.keys as Record<string, { tier: string }>)) {
      const env = `MOCK_KEY_${role.toUpperCase()}`;
      keys[role] = { env, tier: ref.tier };
      saved[env] = process.env[env];
      process.env[env] = `mock-key-for-${role}`;
    }
    const profile = {
      name: 'document-mock',
      baseUrl: mock.url,
      requestTimeoutMs: 10_000,
      asyncTimeoutMs: 400,
      keys,
      // The reference server's body limit is its own, not a fact of the document the mock follows.
      fixtures: { ...reference.fixtures, maxBodyBytes: undefined },
    };
    writeFileSync(tmp.path('profile.json'), JSON.stringify(profile));
    const result = await runCli([
      'run',
      '--target',
      tmp.path('profile.json'),
      '--spec',
      PROVIDER_DOCUMENT,
      '--family',
      FAMILIES,
      '--report-dir',
      tmp.path('out'),
    ]);
    code = result.code;
    summary = readSummary(tmp.path('out'));
  }, 240_000);

  afterAll(async () => {
    await mock?.close();
    for (const [env, value] of Object.entries(saved))
      if (value === undefined) delete process.env[env];
      else process.env[env] = value;
    tmp.dispose();
  });

  it('answers only what the document allows', () => {
    const invalid = mock.answers
      .filter((a) => a.operationId !== '(none)')
      .map((a) => ({
        ...a,
        outcome: mock.contract.validateResponse(a.operationId, a.status, 'application/json', a.body),
      }))
      .filter((a) => a.outcome.kind === 'invalid' || a.outcome.kind === 'undocumented-status');
    expect(mock.answers.length).toBeGreaterThan(100);
    expect(invalid).toEqual([]);
  });

  it('fails only rules a stateless mock cannot satisfy', () => {
    const limitedCheck = (check: string) => Object.keys(STATELESS_CHECK_LIMITS).some((p) => check.startsWith(p));
    const why = summary.findings
      .filter((f) => f.verdict === 'failed' && !limitedCheck(f.check))
      .filter((f) => f.rules.some((r) => !(r in STATELESS_LIMITS)))
      .map((f) => `${f.rules.join(',')}: ${f.check}: ${f.observed}`);
    expect(why).toEqual([]);
    expect(code).toBe(1);
  });

  it('runs the checks that a document-following target can pass, and they pass', () => {
    // Happy paths of every family: the rules the mock can satisfy are verified, not skipped.
    for (const rule of [
      'PING-200',
      'COUNTIES-200',
      'ISSUERS-200',
      'PROVIDERS-200',
      'QUOTES-200',
      'POLICY-LIST-200',
      'ENR-LIST-200',
      'ENR-READ-200',
      'ENR-PAYMENT-200',
    ]) {
      expect(summary.ruleVerdicts[rule]?.verdict, rule).toBe('passed');
    }
  });

  it('names only rules of the catalogue in its table', () => {
    const known = new Set(loadRules().rules.map((r) => r.id));
    expect(Object.keys(STATELESS_LIMITS).filter((id) => !known.has(id))).toEqual([]);
  });
});
