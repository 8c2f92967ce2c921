/**
 * The account boundary (OWASP API1, broken object level authorization): a second account
 * approved for direct enrollment (key role `otherAccount`) tries every operation of the
 * family's table (operations.ts) on the approved account's application and is refused as
 * for an id nobody issued, learning nothing of it and changing nothing; its list shows none of
 * the approved account's applications (4.9: "the applications of the approved account"); and an
 * Idempotency-Key the approved account used is a new operation for it (section 8: scoped by key).
 * Every other answer of the run to either account is held to the boundary too, whichever check
 * sent it (suites/run-wide/history.conformance.ts, history/boundary.ts).
 */
import { errorCodes } from '../../harness/checks/index.js';
import {
  OTHER_ACCOUNT,
  SkipCheck,
  stepStatus,
  verify,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { applicationIdOf, valueShown } from './application-reader.js';
import { dataOf, dataShown, refusedAsUnknown, REFUSED_AS_UNKNOWN } from './history/boundary.js';
import { CREATE_SUCCESS, FIRST_CREATE, fullDraft, keyedCreate, once, statusOf } from './applications.js';
import { createdBy } from './history/timeline.js';
import { historySoFar } from './history/closing.js';
import { expectRows, rowIds } from './observe.js';
import { listRequest, readRequest } from './requests.js';
import { CHANGED_PHONE, ITEM_OPERATIONS } from './operations.js';

const OTHER = OTHER_ACCOUNT.role;
const needs = { writes: true, roles: [OTHER], distinctKeys: ['approved', OTHER], fixtures: ['planFull'] };

/**
 * The other account's list, once a run. A 403 says that account is not approved for direct
 * enrollment: every refusal of it would then be the gate's, so the checks are skipped.
 */
function otherList(t: CheckContext): Promise<Exchange> {
  return once(t, 'otherAccountList', () =>
    t.send({ ...listRequest({ limit: 100 }), role: OTHER, label: 'the list, as another account' }),
  ).then((ex) => {
    if (ex.response?.status === 403)
      throw new SkipCheck(`an ${OTHER} key approved for direct enrollment (its list answered 403)`);
    return ex;
  });
}

/** Refused as an unknown id would be (history/boundary.ts), none of `data` shown. */
function expectRefusedAsUnknown(t: CheckContext, ex: Exchange, data: readonly string[]): void {
  const status = ex.response?.status;
  t.expect.that(ex, {
    holds: refusedAsUnknown(ex),
    title: "another account's application not refused as unknown",
    expected: REFUSED_AS_UNKNOWN,
    observed: () => `status ${status ?? 'none'}: ${(ex.response?.body ?? String(ex.error)).slice(0, 300)}`,
  });
  const shown = dataShown(ex, data);
  t.expect.that(ex, {
    holds: shown.length === 0,
    title: "the refusal shows the application's data",
    expected: 'none of the application’s values in the answer',
    observed: () => `the answer shows ${shown.map((v) => JSON.stringify(v)).join(', ')}`,
  });
}

verify(
  "another approved account's list shows none of this account's applications",
  ['ENR-LIST-OWN-ACCOUNT'],
  async (t) => {
    const draft = await fullDraft(t);
    const ex = await otherList(t);
    const rows = expectRows(t.expect, ex);
    const own = new Set([draft.id, ...createdBy(historySoFar(t), t.defaultRole).map((a) => a.id)]);
    const shown = rowIds(rows).filter((id) => own.has(id));
    t.expect.that(ex, {
      holds: shown.length === 0,
      title: "another account's applications listed",
      expected: `none of the ${own.size} applications the approved account created in this run`,
      observed: () => `listed: ${shown.join(', ')}`,
    });
  },
  { needs },
);

verify(
  "another approved account is refused every operation on this account's application as for an unknown id, " +
    'learns none of its data and changes nothing',
  ['ENR-OTHER-ACCOUNT-REFUSED'],
  async (t) => {
    const draft = await fullDraft(t);
    await otherList(t);
    const data = dataOf(draft.request);
    // What the application shows its own account before, so "changed nothing" judges the other account alone.
    const first = await t.send({ ...readRequest(draft.id), label: 'the application, read by its own account first' });
    for (const op of ITEM_OPERATIONS) {
      const ex = await t.send({ ...op.on(t, draft), role: OTHER, label: `${op.label}, as another account` });
      expectRefusedAsUnknown(t, ex, data);
    }
    const after = await t.send({ ...readRequest(draft.id), label: 'the application, read by its own account' });
    t.expect.status(after, 200);
    const [before, now] = [statusOf(first), statusOf(after)];
    t.expect.that(after, {
      holds: now === before && !valueShown(after.response?.json, CHANGED_PHONE),
      title: "another account's refused operations changed the application",
      expected: `policy_status ${before} as before, without the phone ${CHANGED_PHONE} the other account sent`,
      observed: () =>
        `policy_status ${now}${valueShown(after.response?.json, CHANGED_PHONE) ? `, phone ${CHANGED_PHONE}` : ''}`,
    });
  },
  { needs },
);

/** What the idempotency store answers for a key it holds: a call in flight, or another body. */
const STORE_REFUSALS: ReadonlyArray<[status: number, code: string]> = [
  [409, 'idempotency_in_progress'],
  [422, 'idempotency_mismatch'],
];
const refusals = STORE_REFUSALS.map(([status, code]) => `${status} ${code}`).join(' or ');

verify(
  "an Idempotency-Key this account used is a new operation for another approved account, not this account's",
  ['IDEMP-SCOPED-BY-KEY'],
  async (t) => {
    const { req, first } = await keyedCreate(t);
    stepStatus(FIRST_CREATE, first, [200, 201], { breaks: [CREATE_SUCCESS] });
    await otherList(t);
    const second = await t.send({ ...req, role: OTHER, label: 'the same key and body, as another account' });
    t.expect.noHeader(second, 'Idempotent-Replay');
    const refusal = STORE_REFUSALS.find(
      ([s, code]) => second.response?.status === s && errorCodes(second).includes(code),
    );
    const firstId = applicationIdOf(first.response?.json);
    const leaked = firstId !== undefined && valueShown(second.response?.json, firstId);
    t.expect.that(second, {
      holds:
        second.response !== undefined &&
        refusal === undefined &&
        !leaked &&
        second.response.body !== first.response!.body,
      title: "the other account's call met the first account's idempotency record",
      expected: `an operation of its own: not ${refusals}, not application ${firstId}`,
      observed: () =>
        `status ${second.response?.status ?? 'none'}: ${second.response?.body.slice(0, 300) ?? second.error}`,
    });
  },
  { needs },
);
