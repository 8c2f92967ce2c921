/** The documented-status oracle on exchanges of its own: what must pass, what must fail, and what it leaves alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SPEC } from '../../harness/paths.js';
import type { TargetContext } from '../../harness/target.js';
import { documentedStatus } from './documented-status.js';
import { cut, documentsTarget, entry, judge, verdicts } from './journal.test-helpers.js';

let ours: TargetContext;
let providers: TargetContext;
beforeAll(async () => {
  [ours, providers] = await Promise.all([documentsTarget(), documentsTarget(PROVIDER_SPEC)]);
});

const RULE = ['SCHEMA-DOCUMENTED-STATUS'];
const ERR = { errors: [{ code: 'x', message: 'm' }] };
const PAY = '/v1/enrollments/a1/payment_redirect?product=ichra&exchange=off_exchange';

describe("every answer's status is documented", () => {
  it('passes listed statuses, the edge anywhere, 413 and 415 on a body, any success of the read and the PUT', () => {
    const findings = judge(
      ours,
      documentedStatus,
      RULE,
      entry('GET', PAY, 422, ERR),
      entry('GET', '/v1/ping', 429, {}),
      entry('GET', '/v1/ping', 504, '<html>gateway</html>', { 'content-type': 'text/html' }),
      entry('POST', '/v1/enrollments/a1/submissions', 415, {}, undefined, { body: 'x' }),
      entry('PUT', '/v1/enrollments/a1', 204, ''),
      entry('GET', '/v1/enrollments/a1?product=ichra&exchange=off_exchange&plan_year=1', 422, ERR),
      entry('PATCH', '/v1/contacts/c1', 418, {}, undefined, { api: 'medicare' }),
    );
    expect(verdicts(findings)).toEqual([['passed', RULE]]);
  });

  it('fails a status neither the operation nor the contract gives: a payment redirect 400, a ping 401', () => {
    const findings = judge(
      ours,
      documentedStatus,
      RULE,
      entry('GET', PAY, 400, ERR),
      entry('GET', '/v1/ping', 401, {}),
    );
    expect(findings.map((f) => [f.verdict, f.observed])).toEqual([
      ['failed', 'status 400 (sent by some check)'],
      ['failed', 'status 401 (sent by some check)'],
    ]);
    expect(findings[0]!.expected).toContain('a status documented for getEnrollmentPaymentRedirect');
  });

  it("passes under the provider's document a status only a recorded disagreement allows (a create's 415)", () => {
    const create = entry('POST', '/v1/enrollments', 415, { error: { code: 'x', message: 'm' } });
    expect(verdicts(judge(providers, documentedStatus, RULE, create))).toEqual([['passed', RULE]]);
  });

  it('judges no unknown route nor a method a path does not take; skips no answer and a cut body', () => {
    const [finding] = judge(
      ours,
      documentedStatus,
      RULE,
      entry('GET', '/v1/no-such-route', 404, {}),
      entry('DELETE', '/v1/ping', 405, {}),
      entry('GET', '/v1/ping', undefined),
      cut(entry('GET', '/v1/ping', 418, { a: 'b'.repeat(40) })),
    );
    expect(finding).toMatchObject({ verdict: 'skipped' });
    expect(finding!.message).toContain('left alone: 1 with a body cut at the size bound, 1 with no answer');
  });
});
