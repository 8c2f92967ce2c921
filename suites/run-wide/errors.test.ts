/** The error oracles on exchanges of their own: what must pass, what must fail, and what they leave alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MadeWrong } from '../../harness/model.js';
import type { TargetContext } from '../../harness/target.js';
import { errorsCarryStatedCodes, errorsNameWrongMembers, segmentsOf } from './errors.js';
import { cut, documentsTarget, entry, JSON_TYPE, judge, verdicts } from './journal.test-helpers.js';

let target: TargetContext;
beforeAll(async () => {
  target = await documentsTarget();
});

const FIELD = ['ENVELOPE-FIELD-NAMES-WRONG'];
const members = (...m: string[]): MadeWrong => ({ kind: 'members', members: m });
const sent = {
  external_id: 'crm-1',
  plan_hios_id: '12345CO1234501',
  applicants: { primary: { first_name: 'Ada', email: 'ada@example.com' } },
  _agent_id: 'agent_0001',
};
const refusedCreate = (fields: Array<string | undefined>, wrong: MadeWrong | null = members('_agent_id')) =>
  entry(
    'POST',
    '/v1/enrollments',
    400,
    { errors: fields.map((field) => ({ code: 'invalid_request', message: 'm', ...(field ? { field } : {}) })) },
    JSON_TYPE,
    { body: sent, ...(wrong === null ? {} : { wrong }) },
  );
const refusedSession = (details: Record<string, string[]> | undefined, wrong: MadeWrong) =>
  entry(
    'POST',
    '/v1/enrollment-sessions',
    400,
    { error: { code: 'invalid_request', message: 'm', ...(details ? { details } : {}) } },
    JSON_TYPE,
    { body: { external_id: 'e', context: { flow: 'agent_assisted', locale: 'en' }, plan_id: 'p' }, wrong },
  );

describe('member paths', () => {
  it('read dotted and indexed paths, JSON Pointers and brackets alike, without a location prefix', () => {
    expect(segmentsOf('household.applicants[0].age')).toEqual(['household', 'applicants', '0', 'age']);
    expect(segmentsOf('/context/locale')).toEqual(['context', 'locale']);
    expect(segmentsOf('body.context[locale]')).toEqual(['context', 'locale']);
    expect(segmentsOf('Idempotency-Key')).toEqual(['idempotency_key']);
  });
});

describe('an error names only what was made wrong', () => {
  it('passes the wrong member in any spelling, what holds it, its last segment, no field, a member not sent', () => {
    const findings = judge(
      target,
      errorsNameWrongMembers,
      FIELD,
      refusedCreate(['_agent_id', undefined]),
      refusedCreate(['/actor/agent_id'], members('actor.agent_id')),
      refusedCreate(['applicants'], members('applicants.primary.email')),
      refusedCreate(['email'], members('applicants.primary.email')),
      refusedCreate(['request', 'signature']),
      refusedSession({ 'context.flow': ['m'], plan_id: ['m'] }, members('context.flow', 'plan_id')),
      refusedSession({ request: ['The request was refused.'] }, members('context.flow', 'plan_id')),
    );
    expect(verdicts(findings)).toEqual([['passed', FIELD]]);
  });

  it('fails a field or a details key naming a member the request carried as a valid request has it', () => {
    const findings = judge(
      target,
      errorsNameWrongMembers,
      FIELD,
      refusedCreate(['_agent_id', 'external_id']),
      refusedSession({ external_id: ['m'] }, members('context.flow', 'plan_id')),
    );
    expect(verdicts(findings)).toEqual([
      ['failed', FIELD],
      ['failed', FIELD],
    ]);
    expect(findings[0]!.observed).toBe(
      'names external_id, which the request carried as a valid request has it (sent by some check)',
    );
  });

  it('judges no error to a request meant valid, and leaves alone one made wrong as a whole, a cut body', () => {
    const [finding] = judge(
      target,
      errorsNameWrongMembers,
      FIELD,
      refusedCreate(['external_id'], null),
      refusedCreate(['external_id'], { kind: 'whole', what: 'malformed JSON' }),
      cut(refusedCreate(['external_id'])),
      entry('POST', '/v1/enrollments', undefined, {}, JSON_TYPE, { wrong: members('_agent_id') }),
      entry(
        'POST',
        '/v1/enrollments',
        400,
        '<html>Bad request</html>',
        { 'content-type': 'text/html' },
        {
          wrong: members('_agent_id'),
        },
      ),
    );
    expect(finding).toMatchObject({ verdict: 'skipped' });
    expect(finding!.message).toBe(
      "nothing of the run's 5 exchanges judged; left alone: 1 made wrong as a whole, 1 with a body cut at the size " +
        'bound, 1 with an answer that is not JSON, 1 with no answer',
    );
  });
});

describe('an error carries the code the contract states', () => {
  const CODE = ['ENVELOPE-STATED-CODE'];
  const coded = (method: string, path: string, status: number, code: string, wrong?: MadeWrong) =>
    entry(method, path, status, { errors: [{ code, message: 'm' }] }, JSON_TYPE, wrong ? { wrong } : {});

  it('passes each stated code, in either envelope, and judges no status it states none for', () => {
    const findings = judge(
      target,
      errorsCarryStatedCodes,
      CODE,
      coded('GET', '/v1/enrollments/a1', 403, 'forbidden'),
      entry('GET', '/v1/ping', 403, { error: { code: 'forbidden', message: 'm' } }),
      coded(
        'GET',
        '/v1/enrollments?product=ichra&exchange=off_exchange&carrier=x',
        400,
        'invalid_request',
        members('carrier'),
      ),
      entry('GET', '/v1/reference/issuers?state=ky', 400, { error: { code: 'invalid_request', message: 'm' } }),
      coded('POST', '/v1/enrollments/a1/cancellations', 400, 'invalid_field_value'),
      coded('POST', '/v1/enrollments/a1/submissions', 422, 'latest_submission_failed'),
      coded('GET', '/v1/enrollments/a1', 404, 'resource_not_found'),
    );
    expect(verdicts(findings)).toEqual([['passed', CODE]]);
    expect(findings[0]!.message).toContain("5 of the run's 7 exchanges judged");
  });

  it('fails a 403 of another code, an unsupported list parameter not called invalid_request', () => {
    const findings = judge(
      target,
      errorsCarryStatedCodes,
      CODE,
      coded('GET', '/v1/enrollments/a1', 403, 'not_owner'),
      coded('GET', '/v1/enrollments?product=ichra&exchange=off_exchange&carrier=x', 400, 'validation_failed'),
    );
    expect(findings.map((f) => [f.verdict, f.expected])).toEqual([
      ['failed', 'code forbidden on this 403 (5.2, 7)'],
      ['failed', 'code invalid_request on this 400 (7: unsupported query parameter on list enrollments)'],
    ]);
  });

  it('judges no code where the request is wrong in more than the stated cause, nor an error page', () => {
    const [finding] = judge(
      target,
      errorsCarryStatedCodes,
      CODE,
      coded(
        'GET',
        '/v1/enrollments?product=ichra&exchange=off_exchange&carrier=x&limit=0',
        400,
        'invalid_field_value',
        members('carrier', 'limit'),
      ),
      coded('POST', '/v1/enrollments/a1/cancellations', 400, 'invalid_request', members('context')),
      entry('GET', '/v1/ping', 403, '<html>Forbidden</html>', { 'content-type': 'text/html' }),
    );
    expect(finding).toMatchObject({ verdict: 'skipped' });
  });
});
