/** Direct enrollment, section 3: every precondition and outcome, with a 5 ms processing delay. */
import { afterEach, describe, expect, it } from 'vitest';
import { ENROLLMENT_FIXTURES as F, validCreateBody } from './fixtures.js';
import { enrollmentRoutes } from './index.js';
import { createKit, type Kit, type Reply, waitFor } from './test-kit.js';

const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;

let kit: Kit;
afterEach(() => kit?.close());

function start(): Kit {
  kit = createKit({ modules: [enrollmentRoutes] });
  return kit;
}

async function create(plan: string, overrides: Record<string, unknown> = {}): Promise<Reply> {
  return kit.call('POST', '/v1/enrollments', { body: validCreateBody(plan, overrides) });
}

const read = (id: string) => kit.call('GET', `/v1/enrollments/${id}`);
const act = (id: string, what: string, body: unknown = CTX) => kit.call('POST', `/v1/enrollments/${id}/${what}`, { body });

async function statusBecomes(id: string, status: string): Promise<Reply> {
  return waitFor(async () => {
    const r = await read(id);
    return r.body.policy_status === status ? r : undefined;
  });
}

async function submitted(plan: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const { body } = await create(plan, overrides);
  expect((await act(body.id, 'submissions')).status).toBe(202);
  await statusBecomes(body.id, 'pending_effectuation');
  return body.id;
}

describe('create', () => {
  it('creates a draft with an empty errors[] and the stated members', async () => {
    start();
    const r = await create(F.planFull);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ policy_status: 'draft', errors: [], document_status: 'not_required', plan_hios_id: F.planFull });
    expect(r.body.payment_instructions.payment_redirect_supported).toBe(true);
    expect(r.body.carrier).toMatchObject({ supports_cancellation: true, supports_termination: true, supports_post_enrollment_changes: true });
    const actions = r.body.next_actions.map((a: { action: string }) => a.action);
    expect(actions).toEqual(['submit', 'update']);
    for (const a of r.body.next_actions) expect(a.href).toMatch(new RegExp(`^/v1/enrollments/${r.body.id}(/|$)`));
  });

  it('reports missing applicant data in errors[] instead of refusing the create', async () => {
    start();
    const body = validCreateBody(F.planFull);
    delete (body.applicants as { primary: Record<string, unknown> }).primary.email;
    const r = await kit.call('POST', '/v1/enrollments', { body: { ...body, residential_address: { city: 'X' } } });
    expect(r.status).toBe(201);
    const fields = r.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain('applicants.primary.email');
    expect(fields).toContain('residential_address.zip_code');
    expect(r.body.next_actions.map((a: { action: string }) => a.action)).not.toContain('submit');
  });

  it.each([
    ['_agent_id', { _agent_id: 'a1' }],
    ['tpa_slug', { tpa_slug: 'tpa' }],
    ['actor.agent_id', { actor: { agent_id: 'a1' } }],
    ['agent_of_record', { agent_of_record: { npn: '1' } }],
  ])('rejects %s with 400 and errors[].field', async (field, extra) => {
    start();
    const r = await create(F.planFull, extra);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ code: 'invalid_field_value', field });
  });

  it.each([
    ['product', { context: { product: 'aca', exchange: 'off_exchange', plan_year: 2026 } }, 'context.product'],
    ['exchange', { context: { product: 'ichra', exchange: 'on_exchange', plan_year: 2026 } }, 'context.exchange'],
    ['context', { context: 'ichra' }, 'context'],
  ])('refuses a wrong routing %s with 400', async (_name, extra, field) => {
    start();
    const r = await create(F.planFull, extra);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe(field);
  });

  it('refuses a body that is not an object', async () => {
    start();
    const r = await kit.call('POST', '/v1/enrollments', { body: [1, 2] });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('invalid_request');
  });
});

describe('read', () => {
  it('reads an application and refuses unsupported parameters and wrong routing values', async () => {
    start();
    const { body } = await create(F.planFull);
    expect((await kit.call('GET', `/v1/enrollments/${body.id}?product=ichra&exchange=off_exchange`)).body.id).toBe(body.id);
    const extra = await kit.call('GET', `/v1/enrollments/${body.id}?plan_year=2026`);
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0]).toMatchObject({ code: 'invalid_request', field: 'plan_year' });
    expect((await kit.call('GET', `/v1/enrollments/${body.id}?exchange=on_exchange`)).status).toBe(400);
  });

  it('answers 404 for an unknown id on every item route', async () => {
    start();
    const routes: Array<[string, string]> = [
      ['GET', ''], ['PUT', ''], ['POST', '/submissions'], ['POST', '/cancellations'], ['POST', '/terminations'],
      ['GET', '/payment_redirect?product=ichra&exchange=off_exchange'], ['POST', '/supporting_documentation'],
    ];
    for (const [method, suffix] of routes) {
      const r = await kit.call(method, `/v1/enrollments/enr_missing${suffix}`, { body: CTX });
      expect(r.status, `${method} ${suffix}`).toBe(404);
      expect(r.body.errors[0].code).toBe('not_found');
    }
  });
});

describe('submission', () => {
  it('refuses outstanding errors with 422 listing them', async () => {
    start();
    const { body } = await create(F.planFull, { desired_effective_date: undefined });
    const r = await act(body.id, 'submissions');
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { field?: string }) => e.field)).toContain('desired_effective_date');
  });

  it('accepts (202), keeps draft while processing, then settles pending_effectuation and effectuates', async () => {
    start();
    const { body } = await create(F.planFull);
    const r = await act(body.id, 'submissions');
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ policy_status: 'draft', submission_status: 'processing', status_change: { action: 'submission' } });
    const pending = await statusBecomes(body.id, 'pending_effectuation');
    expect(pending.body.submission_status).toBe('accepted');
    await statusBecomes(body.id, 'effectuated');
  });

  it('accepts a context without plan_year and refuses a missing context with 400', async () => {
    start();
    const { body } = await create(F.planFull);
    expect((await act(body.id, 'submissions', {})).status).toBe(400);
    expect((await act(body.id, 'submissions', { context: { product: 'ichra', exchange: 'off_exchange' } })).status).toBe(202);
  });

  it('refuses a resubmission with no changes (422)', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    const r = await act(id, 'submissions');
    expect(r.status).toBe(422);
    expect(r.body.errors[0].code).toBe('no_changes');
  });

  it('ends submission_failed for the refusing carrier', async () => {
    start();
    const { body } = await create(F.planSubmissionFails);
    expect((await act(body.id, 'submissions')).status).toBe(202);
    const failed = await statusBecomes(body.id, 'submission_failed');
    expect(failed.body.submission_status).toBe('failed');
    expect((await act(body.id, 'submissions')).status).toBe(422);
  });

  it('keeps a future-dated policy pending effectuation', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    await new Promise((r) => setTimeout(r, 40));
    expect((await read(id)).body.policy_status).toBe('pending_effectuation');
  });
});

describe('update and resubmission', () => {
  it('tracks PUT changes, bumps updated_at, and accepts a resubmission (202)', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    const before = (await read(id)).body;
    await new Promise((r) => setTimeout(r, 3));
    const put = await kit.call('PUT', `/v1/enrollments/${id}`, { body: { residential_address: { city: 'Fresno' } } });
    expect(put.status).toBe(200);
    expect(put.body.residential_address).toMatchObject({ city: 'Fresno', zip_code: '95814' });
    expect(put.body.pending_changes_count).toBe(1);
    expect(put.body.pending_changes[0].field).toBe('residential_address.city');
    expect(put.body.updated_at > before.updated_at).toBe(true);
    expect((await act(id, 'submissions')).status).toBe(202);
    await waitFor(async () => ((await read(id)).body.pending_changes_count === 0 ? true : undefined));
    expect((await read(id)).body.policy_status).toBe('pending_effectuation');
  });

  it('changes nothing when the PUT repeats current values, so resubmission stays 422', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    const put = await kit.call('PUT', `/v1/enrollments/${id}`, { body: { residential_address: { city: 'Sacramento' } } });
    expect(put.body.pending_changes_count).toBe(0);
    expect((await act(id, 'submissions')).status).toBe(422);
  });

  it('lets a PUT fix outstanding errors before the first submission', async () => {
    start();
    const { body } = await create(F.planFull, { desired_effective_date: undefined });
    const put = await kit.call('PUT', `/v1/enrollments/${body.id}`, { body: { desired_effective_date: nextYear } });
    expect(put.body.errors).toEqual([]);
    expect((await act(body.id, 'submissions')).status).toBe(202);
  });

  it('refuses PUT for a carrier without post-enrollment changes, and plan changes', async () => {
    start();
    const limited = (await create(F.planLimited)).body;
    const r = await kit.call('PUT', `/v1/enrollments/${limited.id}`, { body: { residential_address: { city: 'Fresno' } } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('invalid_field_value');
    const full = (await create(F.planFull)).body;
    const plan = await kit.call('PUT', `/v1/enrollments/${full.id}`, { body: { plan_hios_id: F.planLimited } });
    expect(plan.status).toBe(400);
    expect(plan.body.errors[0].field).toBe('plan_hios_id');
  });
});

describe('cancellation', () => {
  it('cancels a pending application of a supporting carrier (202, then cancelled)', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    expect((await read(id)).body.next_actions.map((a: { action: string }) => a.action)).toContain('cancel');
    const r = await act(id, 'cancellations');
    expect(r.status).toBe(202);
    expect(r.body.status_change).toMatchObject({ action: 'cancellation', status: 'processing' });
    await statusBecomes(id, 'cancelled');
    const again = await act(id, 'cancellations');
    expect(again.status).toBe(400);
    expect(again.body.errors[0].code).toBe('invalid_field_value');
  });

  it('refuses a draft and an unsupporting carrier with 400 invalid_field_value', async () => {
    start();
    const draft = (await create(F.planFull)).body;
    expect((await act(draft.id, 'cancellations')).body.errors[0].code).toBe('invalid_field_value');
    const limited = await submitted(F.planLimited, { desired_effective_date: nextYear });
    const r = await act(limited, 'cancellations');
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('invalid_field_value');
  });
});

describe('termination', () => {
  it('terminates an effectuated policy of a supporting carrier (202, then terminated)', async () => {
    start();
    const id = await submitted(F.planFull);
    await statusBecomes(id, 'effectuated');
    const r = await act(id, 'terminations');
    expect(r.status).toBe(202);
    await statusBecomes(id, 'terminated');
    expect((await act(id, 'terminations')).status).toBe(400);
  });

  it('refuses a pending policy and an unsupporting carrier with 400 invalid_field_value', async () => {
    start();
    const pending = await submitted(F.planFull, { desired_effective_date: nextYear });
    expect((await act(pending, 'terminations')).body.errors[0].code).toBe('invalid_field_value');
    const limited = await submitted(F.planLimited);
    await statusBecomes(limited, 'effectuated');
    const r = await act(limited, 'terminations');
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('invalid_field_value');
  });

  it('refuses a policy past the end of its plan year', async () => {
    let now = Date.now();
    kit = createKit({ modules: [enrollmentRoutes], clock: () => new Date(now) });
    const id = await submitted(F.planFull);
    await statusBecomes(id, 'effectuated');
    now += 400 * 24 * 3600 * 1000;
    expect((await act(id, 'terminations')).status).toBe(400);
  });
});
