/**
 * The run-wide invariants on exchanges of their own: each holds the exchanges it applies to by
 * its rule and finds a violation where a check of its own would not have looked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Invariant } from '../../harness/suite/run-wide.js';
import type { TargetContext } from '../../harness/target.js';
import { errorEnvelope, keyNotEchoed, responseValid, successJson } from './invariants.js';
import { documentsTarget, entry, JSON_TYPE, judge as judgeOn } from './journal.test-helpers.js';

let target: TargetContext;
beforeAll(async () => {
  target = await documentsTarget();
});

const judge = (invariant: Invariant, rules: string[], ...entries: Parameters<typeof judgeOn>[3][]) =>
  judgeOn(target, invariant, rules, ...entries);

const UNIFIED = { error: { code: 'not_found', message: 'No such thing.' } };
const ERRORS = { errors: [{ code: 'not_found', message: 'No such application.' }] };
const ENVELOPES = ['ENVELOPE-UNIFIED-SHAPE', 'ENVELOPE-ERRORS-SHAPE', 'RATE-429-ENVELOPE'];

describe('every error answer is in its stated envelope', () => {
  it(
    'holds /v1 errors to the unified envelope, direct enrollment ones with errors to theirs, ' + '429s by their rule',
    () => {
      const [finding] = judge(
        errorEnvelope,
        ENVELOPES,
        entry('GET', '/v1/reference/no-such-list', 404, UNIFIED),
        entry('GET', '/v1/enrollments/enr_x?product=ichra', 404, ERRORS),
        entry('GET', '/v1/enrollments/enr_y', 403, UNIFIED),
        entry('GET', '/v1/ping', 429, UNIFIED),
        entry('GET', '/v1/ping', 200, { ok: true, environment: 'x' }),
      );
      expect(finding).toMatchObject({ verdict: 'passed', rules: ENVELOPES });
      expect(finding!.message).toContain('4 of the run');
    },
  );

  it('finds the one broken envelope among good ones, by the rule of its shape', () => {
    const broken = entry('GET', '/v1/enrollments/enr_x', 404, { errors: { code: 'not_found', message: 'x' } });
    const findings = judge(errorEnvelope, ENVELOPES, entry('GET', '/v1/nope', 404, UNIFIED), broken);
    expect(findings.map((f) => [f.verdict, f.rules])).toEqual([['failed', ['ENVELOPE-ERRORS-SHAPE']]]);
    expect(findings[0]!.exchanges).toEqual([broken.exchange]);
    expect(findings[0]!.observed).toContain('sent by some check');
    expect(findings[0]!.reproduce).toBe('npx partner-conformance run --family enrollments');
  });

  it(
    'holds an HTML error page outside direct enrollment to the unified envelope, a 429 page to ' + 'RATE-429-ENVELOPE',
    () => {
      const findings = judge(
        errorEnvelope,
        ENVELOPES,
        entry('GET', '/v1/quotes', 502, '<html>Bad gateway</html>', { 'content-type': 'text/html' }),
        entry('GET', '/v1/ping', 429, '{"message":"slow down"}'),
      );
      expect(findings.map((f) => f.rules)).toEqual([['ENVELOPE-UNIFIED-SHAPE'], ['RATE-429-ENVELOPE']]);
    },
  );

  it('judges no error of the older ICHRA or Medicare interfaces, and is skipped when the run had none', () => {
    const legacy = { ...entry('GET', '/api/v1/plans/x', 404, 'Not found'), api: 'legacy' as const };
    const [finding] = judge(errorEnvelope, ENVELOPES, legacy, entry('GET', '/v1/ping', 200, {}));
    expect(finding).toMatchObject({ verdict: 'skipped', needs: 'an error answer of the /v1 API in the run' });
  });
});

describe('every successful answer is JSON', () => {
  it('fails a 2xx labelled anything but application/json, only that one', () => {
    const page2 = entry(
      'GET',
      '/v1/reference/providers?page%5Bnumber%5D=2',
      200,
      { providers: [] },
      {
        'content-type': 'text/plain; charset=utf-8',
      },
    );
    const findings = judge(
      successJson,
      ['SCHEMA-SUCCESS-JSON'],
      entry(
        'GET',
        '/v1/reference/providers',
        200,
        { providers: [] },
        { 'content-type': 'application/json; charset=utf-8' },
      ),
      page2,
      entry('GET', '/v1/nope', 404, 'nope', { 'content-type': 'text/plain' }),
    );
    expect(findings.map((f) => [f.verdict, f.exchanges[0]])).toEqual([['failed', page2.exchange]]);
  });
});

describe('no answer carries a key of the profile', () => {
  it('finds the redaction marker in a header or a body, and judges only the headers of a cut body', () => {
    const inHeader = entry(
      'GET',
      '/v1/enrollments?offset=25',
      200,
      { applications: [] },
      {
        ...JSON_TYPE,
        'x-debug-api-key': '<redacted>',
      },
    );
    const inBody = entry('GET', '/v1/ping', 403, { error: { code: 'forbidden', message: 'bad key <redacted>' } });
    const cut = entry('GET', '/v1/reference/providers', 200, 'aaaa<redacted>');
    cut.exchange.truncated = true;
    const findings = judge(
      keyNotEchoed,
      ['AUTH-KEY-NOT-ECHOED'],
      entry('GET', '/v1/ping', 200, {}),
      inHeader,
      inBody,
      cut,
    );
    // A key in an answer is exposed (5.6): a failure in every run profile, never a warning.
    expect(findings.map((f) => [f.verdict, f.message])).toEqual([
      ['failed', 'API key echoed in a header'],
      ['failed', 'API key echoed in the body'],
    ]);
  });
});

describe('every answer is valid for its operation', () => {
  it('fails a body that breaks the schema of its operation and status, found by route under any prefix', () => {
    const bad = entry('POST', '/v1/enrollments/enr_1/terminations', 202, {
      application_id: 'enr_1',
      policy_status: 'terminated',
      updated_at: 1767225600,
    });
    const findings = judge(
      responseValid,
      ['SCHEMA-RESPONSE-VALID'],
      entry('GET', '/v1/ping', 200, { ok: true, environment: 'x' }),
      bad,
    );
    expect(findings.map((f) => [f.verdict, f.exchanges[0]])).toEqual([['failed', bad.exchange]]);
    expect(findings[0]!.observed).toContain('updated_at');
  });

  it('does not judge unknown routes nor statuses the operation does not document', () => {
    const [finding] = judge(
      responseValid,
      ['SCHEMA-RESPONSE-VALID'],
      entry('GET', '/v1/no-such-route', 404, 'x'),
      entry('GET', '/v1/ping', 418, 'teapot'),
    );
    expect(finding).toMatchObject({ verdict: 'skipped' });
  });
});
