/** Small synthetic runs for the reporters' own tests. */
import type { Finding, Rule } from '../../harness/model.js';
import { catalogueOf } from '../run-info.js';
import { buildSummary } from '../summary.js';
import type { RunInfo, RunSummary } from '../types.js';

export const SAMPLE_RULES: Rule[] = [
  {
    id: 'PING-200',
    section: '4.1',
    strength: 'stated',
    families: ['utility'],
    statement: 'GET /v1/ping returns 200 with the ping object.',
  },
  {
    id: 'ISSUERS-ORDER',
    section: '2.3',
    strength: 'stated',
    families: ['reference'],
    statement: 'Issuers are ordered by name case-insensitive, then hios_issuer_id.',
  },
  {
    id: 'HEADERS-REQUEST-ID',
    section: '2.6',
    strength: 'inferred',
    families: ['utility'],
    statement: 'Responses carry X-Request-Id.',
    warning_reason: 'A conforming <edge> may drop & rename the header.',
  },
  {
    id: 'ENR-CANCEL-202',
    section: '3',
    strength: 'stated',
    families: ['enrollments'],
    statement: 'A successful cancellation returns 202.',
  },
];

export function sampleInfo(overrides: Partial<RunInfo> = {}): RunInfo {
  return {
    runId: '20250101T000000Z-abcd',
    startedAt: '2025-01-01T00:00:00.000Z',
    runProfile: 'conformance',
    target: { name: 'reference', baseUrl: 'http://127.0.0.1:9999', embedded: true },
    spec: { source: 'specs/partner-api.yaml', version: '0.1.0', digest: 'sha256:00ff' },
    families: ['utility', 'reference', 'enrollments'],
    seed: 42,
    runs: 10,
    strict: false,
    command: 'npx partner-conformance run --profile conformance',
    ...overrides,
  };
}

export function sampleFindings(): Finding[] {
  return [
    {
      check: 'ping answers 200',
      family: 'utility',
      rules: ['PING-200'],
      verdict: 'passed',
      exchanges: [
        {
          request: { method: 'GET', url: 'http://127.0.0.1:9999/v1/ping', headers: { 'x-api-key': '<redacted>' } },
          response: {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: '{"ok":true}',
            json: { ok: true },
          },
          durationMs: 3,
          role: 'approved',
          operation: 'GET /v1/ping',
        },
      ],
      proof: { 'PING-200': [0] },
      durationMs: 5,
    },
    {
      check: 'issuers sorted <case-insensitively> & by id',
      family: 'reference',
      rules: ['ISSUERS-ORDER'],
      verdict: 'failed',
      expected: 'names in case-insensitive order: "acme" before "Zeta"',
      observed: 'byte order: "Zeta" before "acme"',
      exchanges: [
        {
          request: {
            method: 'GET',
            url: 'http://127.0.0.1:9999/v1/reference/issuers?state=TX',
            headers: { 'x-api-key': '<redacted>' },
          },
          response: {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: '{"issuers":[{"name":"Zeta","hios_issuer_id":"11111"},{"name":"acme","hios_issuer_id":"22222"}]}',
            json: {
              issuers: [
                { name: 'Zeta', hios_issuer_id: '11111' },
                { name: 'acme', hios_issuer_id: '22222' },
              ],
            },
          },
          durationMs: 4,
          role: 'approved',
          operation: 'GET /v1/reference/issuers',
        },
      ],
      reproduce: 'npx partner-conformance run --family reference --rule ISSUERS-ORDER --seed 42',
      durationMs: 7,
    },
    {
      check: 'request id header',
      family: 'utility',
      rules: ['HEADERS-REQUEST-ID'],
      verdict: 'warning',
      warningReason: 'HEADERS-REQUEST-ID is inferred: A conforming <edge> may drop & rename the header.',
      expected: 'X-Request-Id present',
      observed: 'absent',
      exchanges: [],
    },
    {
      check: 'cancel a pending application',
      family: 'enrollments',
      rules: ['ENR-CANCEL-202'],
      verdict: 'skipped',
      needs: 'fixture planFull',
      exchanges: [],
    },
  ];
}

export function sampleSummary(info: RunInfo = sampleInfo(), findings: Finding[] = sampleFindings()): RunSummary {
  return buildSummary(info, findings, catalogueOf(SAMPLE_RULES), new Date('2025-01-01T00:00:03.000Z'));
}
