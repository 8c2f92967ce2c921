/**
 * Direct enrollment's readings of what the contract leaves open: where an application shows its
 * outstanding errors and a changed value, what a payment field may hold, and the setup of the
 * cancel and terminate checks, which skips (never fails) when a policy does not reach the state
 * a check needs within asyncTimeoutMs: the contract states no transition and no time.
 */
import { describe, expect, test } from 'vitest';
import type { ApiRequest } from '../../harness/client/index.js';
import { resolveRules, ruleCatalogue } from '../../harness/suite/catalogue.js';
import { answer, fakeTarget, runConfigFor } from '../../harness/suite/fake-target.test-helpers.js';
import { runCheck } from '../../harness/suite/run-check.js';
import type { CheckContext } from '../../harness/suite/index.js';
import { fieldValueProblems, outstandingErrors, valueShown } from '../../suites/enrollments/application-reader.js';
import { createApplication, pendingApplication, settleEffectuated } from '../../suites/enrollments/applications.js';
import { listedRunList, pagedList, RUN_LIST_ROWS } from '../../suites/enrollments/run-list.js';

describe('application readings', () => {
  test('outstanding errors: errors[] at the top level (the document), else under application', () => {
    expect(outstandingErrors({ errors: [{ code: 'missing', message: 'x' }] })).toBe(1);
    expect(outstandingErrors({ application: { errors: [{}, {}] } })).toBe(2);
    expect(outstandingErrors({ errors: [] })).toBe(0);
    expect(outstandingErrors({ policy_status: 'draft' })).toBe(0);
  });

  test('a value sent is found wherever the read puts it, at any depth', () => {
    expect(valueShown({ application: { applicants: { primary: { phone: '5555550177' } } } }, '5555550177')).toBe(true);
    expect(valueShown({ data: [{ contact: { numbers: ['1', '5555550177'] } }] }, '5555550177')).toBe(true);
    expect(valueShown({ applicants: { primary: { phone: '5555550123' } } }, '5555550177')).toBe(false);
    expect(valueShown({ phone: 5555550177 }, '5555550177')).toBe(false);
  });

  test('payment fields: strings in the array form; any scalar in the map form, a non-string one set apart', () => {
    expect(fieldValueProblems([{ name: 'MemberID', value: 'A1' }])).toEqual({ wrong: [], scalars: [] });
    expect(fieldValueProblems([{ name: 'amount', value: 12 }]).wrong).toEqual([['amount', 12]]);
    expect(fieldValueProblems({ MemberID: 'A1', amount_Due: 12.5, 'x-Signed': true, ts: null })).toEqual({
      wrong: [],
      scalars: [
        ['amount_Due', 12.5],
        ['x-Signed', true],
        ['ts', null],
      ],
    });
    expect(fieldValueProblems({ nested: { a: 1 }, '': 'x' }).wrong).toEqual([
      ['nested', { a: 1 }],
      ['', 'x'],
    ]);
  });
});

/** A direct-enrollment target whose reads always show `readStatus`; submit answers `submitStatus`. */
function enrollmentTarget(readStatus: string, submitStatus = 202) {
  return fakeTarget(
    (req: ApiRequest) => {
      if (req.method === 'POST' && req.path === '/v1/enrollments')
        return answer(req, 201, { application_id: 'enr_1', policy_status: 'draft', errors: [] });
      if (req.method === 'POST' && req.path.endsWith('/submissions'))
        return answer(req, submitStatus, { application_id: 'enr_1' });
      return answer(req, 200, { application_id: 'enr_1', policy_status: readStatus });
    },
    runConfigFor({}, { asyncTimeoutMs: 100, fixtures: { planFull: '12345CA0010001', planLimited: '23456TX0020001' } }),
  );
}

const check = (ids: string[], body: (t: CheckContext) => Promise<unknown>) => ({
  title: 'setup',
  family: 'enrollments' as const,
  rules: resolveRules(ruleCatalogue(), 'setup', ids),
  timeoutMs: 5_000,
  body: async (t: CheckContext) => {
    await body(t);
    // The setup under test judges nothing itself: the check judges its last exchange, so a setup that holds passes.
    const last = t.exchanges().at(-1);
    if (last) t.expect.transportOk(last);
  },
});

describe('the state a cancel or terminate check needs, not reached in time', () => {
  test('a submission still in draft after asyncTimeoutMs skips the cancel check, naming the state seen', async () => {
    const out = await runCheck(
      check(['ENR-CANCEL-202'], (t) => pendingApplication(t, 'planFull')),
      enrollmentTarget('draft'),
    );
    expect(out.finding.verdict).toBe('skipped');
    expect(out.finding.needs).toContain('pending_effectuation');
    expect(out.finding.needs).toContain('"draft"');
  });

  test('a policy already effectuated skips it too', async () => {
    const out = await runCheck(
      check(['ENR-CANCEL-UNSUPPORTED-CARRIER-400'], (t) => pendingApplication(t, 'planLimited')),
      enrollmentTarget('effectuated'),
    );
    expect(out.finding).toMatchObject({ verdict: 'skipped' });
  });

  test('a policy that stays pending skips the terminate check', async () => {
    const out = await runCheck(
      check(['ENR-TERMINATE-UNSUPPORTED-CARRIER-400'], async (t) =>
        settleEffectuated(t, await createApplication(t, 'planLimited')),
      ),
      enrollmentTarget('pending_effectuation'),
    );
    expect(out.finding.verdict).toBe('skipped');
    expect(out.finding.needs).toContain('effectuated within asyncTimeoutMs');
  });

  test('a submission not answered 202 blocks the check by its setup step, which breaks ENR-SUBMIT-202', async () => {
    const out = await runCheck(
      check(['ENR-CANCEL-202'], (t) => pendingApplication(t, 'planFull')),
      enrollmentTarget('pending_effectuation', 200),
    );
    expect(out.finding).toMatchObject({
      verdict: 'blocked',
      rules: ['ENR-CANCEL-202'],
      blockedBy: 'setup step: submit a clean application',
      step: { expected: 'status 202', breaks: ['ENR-SUBMIT-202'] },
    });
  });

  test('a pending policy is the premise met: the setup hands the application on', async () => {
    const out = await runCheck(
      check(['ENR-CANCEL-202'], (t) => pendingApplication(t, 'planFull')),
      enrollmentTarget('pending_effectuation'),
    );
    expect(out.finding.verdict).toBe('passed');
  });
});

describe("the run's own list (pages never race concurrent writes)", () => {
  /** Creates answer ids in turn; the list answers `listed(employer)` rows for the employer filter. */
  function listTarget(listed: (created: string[], query: Record<string, unknown>) => string[]) {
    const created: string[] = [];
    return fakeTarget(
      (req: ApiRequest) => {
        if (req.method === 'POST') {
          const employer = (req.json as { hra?: { employer?: { external_id?: string } } }).hra?.employer?.external_id;
          created.push(`enr_${created.length + 1}_${employer ? 'run' : 'other'}`);
          return answer(req, 201, { application_id: created.at(-1), policy_status: 'draft' });
        }
        return answer(req, 200, {
          applications: listed(created, req.query ?? {}).map((id) => ({ application_id: id })),
          pagination: { limit: 100, offset: 0 },
        });
      },
      runConfigFor({ runId: `run-list-${Math.random()}` }, { fixtures: { planFull: '12345CA0010001' } }),
    );
  }

  test("applications created one after another under the run's employer, and listed by it", async () => {
    const target = listTarget((created) => created);
    const out = await runCheck(
      check(['ENR-LIST-PAGES-CONSISTENT'], (t) => listedRunList(t)),
      target,
    );
    expect(out.finding.verdict).toBe('passed');
    const creates = target.sent.filter((r) => r.method === 'POST');
    expect(creates).toHaveLength(RUN_LIST_ROWS);
    const employers = new Set(
      creates.map((r) => (r.json as { hra: { employer: { external_id: string } } }).hra.employer.external_id),
    );
    expect(employers.size).toBe(1);
    expect(target.sent.at(-1)?.query).toMatchObject({ employer_external_id: [...employers][0], offset: 0 });
  });

  test('a target that does not list them by employer skips the page checks instead of judging them', async () => {
    const out = await runCheck(
      check(['ENR-LIST-PAGES-CONSISTENT'], (t) => listedRunList(t)),
      listTarget((created) => [...created.slice(1), 'enr_someone_else']),
    );
    expect(out.finding.verdict).toBe('skipped');
    expect(out.finding.needs).toContain('listed by employer_external_id');
  });

  test(
    "without it, the account's list is paged between two reads of its first rows, and a moving list " +
      'gives no verdict',
    async () => {
      let reads = 0;
      const target = listTarget((created, query) =>
        query.employer_external_id ? [] : query.limit === 4 ? [`enr_new_${reads++}`, ...created] : created,
      );
      const out = await runCheck(
        check(['ENR-LIST-PAGES-CONSISTENT'], async (t) => {
          const list = await pagedList(t);
          expect(list.what).toBe("the account's applications");
          expect(await list.still(async () => t.send(list.request({ limit: 2 }, 'page 1')))).toBeUndefined();
        }),
        target,
      );
      expect(out.finding.verdict).toBe('passed');
    },
  );
});
