/** The echo oracle on exchanges of its own: what must pass, what must fail, and what it leaves alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TargetContext } from '../../harness/target.js';
import { answerEchoesRequest, ECHO_RULES } from './echo.js';
import { cut, documentsTarget, entry, judge, verdicts } from './journal.test-helpers.js';

let target: TargetContext;
beforeAll(async () => {
  target = await documentsTarget();
});

const echo = (...entries: Parameters<typeof judge>[3][]) => judge(target, answerEchoesRequest, ECHO_RULES, ...entries);

const SESSIONS = '/v1/enrollment-sessions';
const links = { shopping_url: 'https://x.example/s', client_apply_url: 'https://x.example/a' };
const session = (sent: unknown, shown: unknown, status = 200, wrong = false) =>
  entry('POST', SESSIONS, status, { external_id: shown, links }, undefined, {
    body: sent === undefined ? { context: {} } : { external_id: sent, context: {} },
    ...(wrong ? { wrong: { kind: 'members', members: ['plan_id'] } } : {}),
  });

const primary = { first_name: 'José', last_name: "O'Brien-Дмитрий", date_of_birth: '1985-12-10', phone: '5555550123' };
const createBody = { external_id: 'crm 😀 1', applicants: { primary } };
const created = (shown: Record<string, unknown>, flat = false) =>
  entry(
    'POST',
    '/v1/enrollments',
    201,
    flat ? { application_id: 'a1', ...shown } : { application_id: 'a1', application: shown },
    undefined,
    {
      body: createBody,
    },
  );

describe('a session answer echoes its external_id', () => {
  it('passes an id of any characters echoed as sent, and fails another one by SESSIONS-EXTERNAL-ID-ECHO', () => {
    expect(verdicts(echo(session('crm-😀 ü', 'crm-😀 ü')))).toEqual([['passed', ['SESSIONS-EXTERNAL-ID-ECHO']]]);
    const [finding] = echo(session('crm-1', 'k-echo'));
    expect(finding).toMatchObject({ verdict: 'failed', rules: ['SESSIONS-EXTERNAL-ID-ECHO'] });
    expect(finding!.observed).toBe('external_id "k-echo" (sent by some check)');
  });

  it('leaves alone a request with no external_id, a refused one and one made wrong on purpose', () => {
    const [finding] = echo(session(undefined, undefined), session('a', 'b', 400), session('a', 'b', 200, true));
    expect(finding).toMatchObject({ verdict: 'skipped' });
    expect(finding!.message).toContain('left alone: 1 made wrong on purpose, 1 with no external_id to echo');
  });
});

describe('a create answer shows the application data as sent', () => {
  it('passes the data under `application` or flat, and a member the answer leaves out', () => {
    const { phone: _p, ...names } = primary;
    expect(verdicts(echo(created(createBody), created({ applicants: { primary: names } }, true)))).toEqual([
      ['passed', ['ENR-CREATE-DATA-ROUND-TRIP']],
    ]);
  });

  it('fails another external_id or a folded name, by ENR-CREATE-DATA-ROUND-TRIP (a warning: inferred)', () => {
    const findings = echo(
      created({ ...createBody, external_id: 'emp-1' }),
      created({ applicants: { primary: { ...primary, first_name: 'Jose' } } }, true),
    );
    expect(verdicts(findings)).toEqual([
      ['warning', ['ENR-CREATE-DATA-ROUND-TRIP']],
      ['warning', ['ENR-CREATE-DATA-ROUND-TRIP']],
    ]);
    expect(findings[0]!.observed).toContain('external_id "crm 😀 1" -> "emp-1"');
  });
});

describe('a PUT answer that shows the application shows the change', () => {
  const sent = { ...createBody, applicants: { primary: { ...primary, phone: '5555550177' } } };
  const putAnswer = (shownPhone: string) =>
    entry(
      'PUT',
      '/v1/enrollments/a1',
      200,
      { application: { ...sent, applicants: { primary: { ...primary, phone: shownPhone } } } },
      undefined,
      {
        body: sent,
      },
    );

  it('passes the changed phone, fails the phone as it was before', () => {
    expect(verdicts(echo(putAnswer('5555550177')))).toEqual([['passed', ['ENR-UPDATE-ANSWER-SHOWN']]]);
    const [finding] = echo(putAnswer('5555550123'));
    expect(finding).toMatchObject({ verdict: 'warning', rules: ['ENR-UPDATE-ANSWER-SHOWN'] });
    expect(finding!.observed).toContain('applicants.primary.phone "5555550177" -> "5555550123"');
  });

  it('leaves a 204 alone: it shows no application', () => {
    const [finding] = echo(entry('PUT', '/v1/enrollments/a1', 204, '', {}, { body: sent }));
    expect(finding!.message).toContain('1 with an answer that is not JSON');
  });
});

describe('a Medicare contact update shows the members it sent', () => {
  const contact = { id: 'c1', slug: 's', city: 'Mesa', address_2: 'Apt 1' };
  const update = (sent: Record<string, unknown>, shown: Record<string, unknown> | undefined) =>
    entry(
      'PATCH',
      '/v1/contacts/c1',
      200,
      shown ? { data: { contact: shown, redirect_url: 'https://m.example/c' } } : {},
      undefined,
      {
        body: { agent_email: 'a@b.example', contact: sent },
        api: 'medicare',
      },
    );

  it('passes members shown as sent (notes never shown, an empty one left out), fails one shown otherwise', () => {
    const good = update({ city: 'Mesa', notes: ['n'], medicaid_number: '' }, contact);
    expect(verdicts(echo(good))).toEqual([['passed', ['MEDICARE-PARTIAL-UPDATE']]]);
    const [finding] = echo(update({ city: 'Tempe', notes: ['n'] }, contact));
    expect(finding).toMatchObject({ verdict: 'failed', rules: ['MEDICARE-PARTIAL-UPDATE'] });
    expect(finding!.observed).toContain('city "Tempe" -> "Mesa"');
  });

  it('leaves alone an answer without data.contact (MEDICARE-200 judges it)', () => {
    expect(echo(update({ city: 'Mesa' }, undefined))[0]!.message).toContain('1 with no data.contact in the answer');
  });
});

describe('bad input', () => {
  it('skips, with the reason, an exchange with no answer, a cut body, an answer or a request that is not JSON', () => {
    const sentText = entry('POST', SESSIONS, 200, { external_id: 'x' }, undefined, { body: '{"external_id": "x"' });
    const [finding] = echo(
      entry('POST', SESSIONS, undefined, {}, undefined, { body: { external_id: 'a' } }),
      cut(session('a', 'b')),
      entry('POST', SESSIONS, 200, '<html>ok</html>', { 'content-type': 'text/html' }, { body: { external_id: 'a' } }),
      sentText,
    );
    expect(finding).toMatchObject({ verdict: 'skipped', needs: answerEchoesRequest.needs });
    expect(finding!.message).toBe(
      "nothing of the run's 4 exchanges judged; left alone: 1 with a body cut at the size bound, " +
        '1 with a request body that is not JSON, 1 with an answer that is not JSON, 1 with no answer',
    );
  });
});
