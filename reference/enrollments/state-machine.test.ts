/** Direct enrollment, section 3: every precondition and outcome, with a 5 ms processing delay. */
import { afterEach, describe, expect, it } from 'vitest';
import { createKit, type Kit, type Reply, waitFor } from '../probe/routes.js';
import { ENROLLMENT_FIXTURES as F, incompleteCreateBody, validCreateBody } from './fixtures.js';
import { enrollmentRoutes } from './index.js';

const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
const ROUTING = '?product=ichra&exchange=off_exchange';
const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
const thisYear = new Date().getUTCFullYear();

let kit: Kit;
afterEach(() => kit?.close());

function start(): Kit {
  kit = createKit({ modules: [enrollmentRoutes] });
  return kit;
}

async function create(plan: string, overrides: Record<string, unknown> = {}): Promise<Reply> {
  return kit.call('POST', '/v1/enrollments', { body: validCreateBody(plan, overrides) });
}

const read = (id: string) => kit.call('GET', `/v1/enrollments/${id}${ROUTING}`);
const act = (id: string, what: string, body: unknown = CTX) =>
  kit.call('POST', `/v1/enrollments/${id}/${what}`, { body });
const put = (id: string, members: Record<string, unknown>) =>
  kit.call('PUT', `/v1/enrollments/${id}`, { body: { context: { ...CTX.context, plan_year: thisYear }, ...members } });
const rels = (r: Reply) => r.body.next_actions.map((a: { rel: string }) => a.rel);

async function statusBecomes(id: string, status: string): Promise<Reply> {
  return waitFor(async () => {
    const r = await read(id);
    return r.body.policy_status === status ? r : undefined;
  });
}

async function submitted(plan: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const { body } = await create(plan, overrides);
  expect((await act(body.application_id, 'submissions')).status).toBe(202);
  await statusBecomes(body.application_id, 'pending_effectuation');
  return body.application_id;
}

describe('create', () => {
  it("creates a draft in the document's ApplicationResponse shape", async () => {
    start();
    const r = await create(F.planFull);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      policy_status: 'draft',
      errors: [],
      document_status: 'none_needed',
      plan_hios_id: F.planFull,
      plan_year: thisYear,
      issuer_hios_id: '12345',
    });
    expect(r.body.application_id).toMatch(/^enr_/);
    expect(r.body).not.toHaveProperty('id');
    expect(r.body).not.toHaveProperty('enrollment_id');
    expect(r.body.application).toMatchObject({
      plan_hios_id: F.planFull,
      plan_year: thisYear,
      applicants: { primary: { last_name: 'Lovelace' } },
    });
    expect(r.body.application).not.toHaveProperty('context');
    expect(r.body.payment_instructions.payment_redirect_supported).toBe(true);
    expect(r.body.carrier).toMatchObject({
      supports_cancellation: true,
      supports_termination: true,
      supports_post_enrollment_changes: true,
    });
    expect(r.body).not.toHaveProperty('supports_changes');
    expect(rels(r)).toEqual(['self', 'update', 'submit']);
    for (const a of r.body.next_actions)
      expect(a.href).toMatch(new RegExp(`^/v1/enrollments/${r.body.application_id}(/|$)`));
  });

  it('keeps a document-valid but incomplete application as a draft whose errors[] names the gaps', async () => {
    start();
    const r = await kit.call('POST', '/v1/enrollments', { body: incompleteCreateBody(F.planFull) });
    expect(r.status).toBe(201);
    expect(r.body.policy_status).toBe('draft');
    expect(r.body.errors).toEqual([
      { code: 'missing_required_field', field: 'applicants.primary.date_of_birth', message: expect.any(String) },
      { code: 'missing_required_field', field: 'applicants.primary.signature', message: expect.any(String) },
    ]);
    expect(rels(r)).not.toContain('submit');
  });

  it('reports an unknown plan as plan_not_found and still creates the draft', async () => {
    start();
    const r = await create('99999ZZ9999999');
    expect(r.status).toBe(201);
    expect(r.body.errors).toEqual([{ code: 'plan_not_found', field: 'plan_hios_id', message: expect.any(String) }]);
  });

  it('defaults external_id to the Idempotency-Key', async () => {
    start();
    const body = validCreateBody(F.planFull, { external_id: undefined });
    const r = await kit.call('POST', '/v1/enrollments', { body, headers: { 'idempotency-key': 'key-42' } });
    expect(r.body.external_id).toBe('key-42');
  });

  it.each([
    ['_agent_id', { _agent_id: 'a1' }],
    ['tpa_slug', { tpa_slug: 'tpa' }],
    ['actor.agent_id', { actor: { agent_id: 'a1' } }],
    ['agent_of_record', { agent_of_record: { npn: '1' } }],
  ])('rejects %s with 400 invalid_request naming it', async (field, extra) => {
    start();
    const r = await create(F.planFull, extra);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ code: 'invalid_request', field, message: expect.any(String) }]);
  });

  it.each([
    [
      'a product other than ichra',
      { context: { product: 'aca', exchange: 'off_exchange', plan_year: 2026 } },
      'context.product',
    ],
    [
      'an exchange other than off_exchange',
      { context: { product: 'ichra', exchange: 'on_exchange', plan_year: 2026 } },
      'context.exchange',
    ],
    ['a context without plan_year', { context: { product: 'ichra', exchange: 'off_exchange' } }, 'context.plan_year'],
    ['a context that is not an object', { context: 'ichra' }, 'context'],
    ['no applicants', { applicants: undefined }, 'applicants'],
    ['applicants without primary', { applicants: { dependents: [] } }, 'applicants.primary'],
    ['no plan_hios_id', { plan_hios_id: undefined }, 'plan_hios_id'],
    [
      'an address without city',
      { residential_address: { street_address_1: '1 Main', state: 'CA', zip_code: '95814' } },
      'residential_address.city',
    ],
    [
      'a ZIP code of four digits',
      { residential_address: { street_address_1: '1 Main', city: 'X', state: 'CA', zip_code: '9581' } },
      'residential_address.zip_code',
    ],
    [
      'an SEP event type outside the enum',
      { special_enrollment_period: { event_type: 'move', event_date: '2026-01-02' } },
      'special_enrollment_period.event_type',
    ],
    ['a desired_effective_date that is not a date', { desired_effective_date: '01/01/2026' }, 'desired_effective_date'],
  ])('refuses %s with 400 invalid_request naming the member', async (_name, extra, field) => {
    start();
    const r = await create(F.planFull, extra);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(r.body.errors[0].code).toBe('invalid_request');
  });

  it('refuses a body that is not an object', async () => {
    start();
    const r = await kit.call('POST', '/v1/enrollments', { body: [1, 2] });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('invalid_request');
  });
});

describe('read', () => {
  it('reads an application and refuses unsupported parameters and wrong or missing routing values', async () => {
    start();
    const { body } = await create(F.planFull);
    expect((await read(body.application_id)).body.application_id).toBe(body.application_id);
    const extra = await kit.call('GET', `/v1/enrollments/${body.application_id}${ROUTING}&plan_year=2026`);
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0]).toMatchObject({ code: 'invalid_request', field: 'plan_year' });
    expect(
      (await kit.call('GET', `/v1/enrollments/${body.application_id}?product=ichra&exchange=on_exchange`)).status,
    ).toBe(400);
    expect((await kit.call('GET', `/v1/enrollments/${body.application_id}`)).body.errors[0].field).toBe('product');
  });

  it('answers 404 for an unknown id on every item route', async () => {
    start();
    const routes: Array<[string, string]> = [
      ['GET', ROUTING],
      ['PUT', ''],
      ['POST', '/submissions'],
      ['POST', '/cancellations'],
      ['POST', '/terminations'],
      ['GET', `/payment_redirect${ROUTING}`],
      ['POST', '/supporting_documentation'],
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
    const { body } = await kit.call('POST', '/v1/enrollments', { body: incompleteCreateBody(F.planFull) });
    const r = await act(body.application_id, 'submissions');
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { field?: string }) => e.field)).toEqual([
      'applicants.primary.date_of_birth',
      'applicants.primary.signature',
    ]);
  });

  it(
    "accepts (202) with the document's SubmitResponse, keeps draft while processing, then settles " + 'and effectuates',
    async () => {
      start();
      const { body } = await create(F.planFull);
      const r = await act(body.application_id, 'submissions');
      expect(r.status).toBe(202);
      expect(r.body).toEqual({
        application_id: body.application_id,
        external_id: body.external_id,
        plan_year: thisYear,
        plan_hios_id: F.planFull,
        policy_status: 'draft',
        payment_instructions: body.payment_instructions,
        submitted_at: expect.any(String),
      });
      const pending = await statusBecomes(body.application_id, 'pending_effectuation');
      expect(pending.body.supports_changes).toBe(true);
      expect(pending.body.events.map((e: { type: string }) => e.type)).toEqual(['policy_status_updated', 'submitted']);
      const done = await statusBecomes(body.application_id, 'effectuated');
      expect(done.body.events[0]).toMatchObject({
        type: 'policy_status_updated',
        old_status: 'pending_effectuation',
        new_status: 'effectuated',
      });
    },
  );

  it('accepts a context without plan_year and refuses a missing context with 400', async () => {
    start();
    const { body } = await create(F.planFull);
    const missing = await act(body.application_id, 'submissions', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: 'invalid_request', field: 'context' });
    expect(
      (await act(body.application_id, 'submissions', { context: { product: 'ichra', exchange: 'off_exchange' } }))
        .status,
    ).toBe(202);
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
    expect((await act(body.application_id, 'submissions')).status).toBe(202);
    const failed = await statusBecomes(body.application_id, 'submission_failed');
    expect(failed.body.events[0].type).toBe('submission_failed');
    expect((await act(body.application_id, 'submissions')).status).toBe(422);
  });

  it('keeps a future-dated policy pending effectuation', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    await new Promise((r) => setTimeout(r, 40));
    expect((await read(id)).body.policy_status).toBe('pending_effectuation');
  });

  it('starts coverage on the first of the next month when the partner leaves the date to the carrier', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: undefined });
    await new Promise((r) => setTimeout(r, 40));
    expect((await read(id)).body.policy_status).toBe('pending_effectuation');
  });
});

describe('update and resubmission', () => {
  it('lets a draft change for any carrier, replacing each member sent whole', async () => {
    start();
    const { body } = await create(F.planLimited);
    const r = await put(body.application_id, {
      residential_address: { street_address_1: '9 Elm St', city: 'Fresno', state: 'CA', zip_code: '93701' },
    });
    expect(r.status).toBe(200);
    expect(r.body.application.residential_address).toEqual({
      street_address_1: '9 Elm St',
      city: 'Fresno',
      state: 'CA',
      zip_code: '93701',
    });
    expect(r.body.application.applicants.primary.last_name).toBe('Lovelace');
    expect(r.body.events[0]).toMatchObject({ type: 'changed', target: 'application' });
    expect(r.body.events[0].changes.map((c: { field: string }) => c.field)).toEqual([
      'residential_address.street_address_1',
      'residential_address.city',
      'residential_address.zip_code',
    ]);
  });

  it('clears primary members a PUT leaves out (replacement-style), reporting them in errors[]', async () => {
    start();
    const { body } = await create(F.planFull);
    const primary = {
      first_name: 'Ada',
      last_name: 'Byron',
      gender: 'female',
      email: 'ada@example.com',
      phone: '5555550123',
    };
    const r = await put(body.application_id, { applicants: { primary } });
    expect(r.body.application.applicants.primary).toEqual(primary);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'applicants.primary.date_of_birth',
      'applicants.primary.signature',
    ]);
    expect(r.body.events[0].target).toBe('applicant');
  });

  it('tracks PUT changes after a submission, bumps updated_at, and accepts a resubmission (202)', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    const before = (await read(id)).body;
    await new Promise((r) => setTimeout(r, 3));
    const change = await put(id, {
      residential_address: { ...before.application.residential_address, city: 'Fresno' },
    });
    expect(change.status).toBe(200);
    expect(change.body.application.residential_address).toMatchObject({ city: 'Fresno', zip_code: '95814' });
    expect(change.body.events[0].changes).toEqual([
      { field: 'residential_address.city', from: 'Sacramento', to: 'Fresno' },
    ]);
    expect(change.body.updated_at > before.updated_at).toBe(true);
    expect(rels(change)).toContain('submit');
    expect((await act(id, 'submissions')).status).toBe(202);
    await waitFor(async () => ((await read(id)).body.events[0].type === 'submitted' ? true : undefined));
    expect((await read(id)).body.policy_status).toBe('pending_effectuation');
  });

  it('changes nothing when the PUT repeats current values, so resubmission stays 422', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    const current = (await read(id)).body.application;
    const same = await put(id, { residential_address: current.residential_address, applicants: current.applicants });
    expect(same.status).toBe(200);
    expect(same.body.events.filter((e: { type: string }) => e.type === 'changed')).toEqual([]);
    expect((await act(id, 'submissions')).status).toBe(422);
  });

  it('lets a PUT fix outstanding errors before the first submission', async () => {
    start();
    const { body } = await kit.call('POST', '/v1/enrollments', { body: incompleteCreateBody(F.planFull) });
    const fixed = await put(body.application_id, { applicants: validCreateBody(F.planFull).applicants });
    expect(fixed.body.errors).toEqual([]);
    expect((await act(body.application_id, 'submissions')).status).toBe(202);
  });

  it("refuses a PUT without the document's context, or with an agent member", async () => {
    start();
    const { body } = await create(F.planFull);
    const bare = await kit.call('PUT', `/v1/enrollments/${body.application_id}`, {
      body: { residential_address: { city: 'Fresno' } },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.errors[0]).toMatchObject({ code: 'invalid_request', field: 'context' });
    const noYear = await kit.call('PUT', `/v1/enrollments/${body.application_id}`, { body: CTX });
    expect(noYear.body.errors[0].field).toBe('context.plan_year');
    expect((await put(body.application_id, { tpa_slug: 't' })).body.errors[0].field).toBe('tpa_slug');
  });

  it('refuses PUT after a submission for a carrier without post-enrollment changes', async () => {
    start();
    const limited = await submitted(F.planLimited, { desired_effective_date: nextYear });
    const r = await put(limited, {
      residential_address: { street_address_1: '9 Elm St', city: 'Fresno', state: 'CA', zip_code: '93701' },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('invalid_field_value');
    expect(rels(await read(limited))).not.toContain('update');
  });
});

describe('cancellation', () => {
  it('cancels a pending application of a supporting carrier (202 StatusChangeResponse, then cancelled)', async () => {
    start();
    const id = await submitted(F.planFull, { desired_effective_date: nextYear });
    expect(rels(await read(id))).toContain('cancel');
    const r = await act(id, 'cancellations');
    expect(r.status).toBe(202);
    expect(r.body).toEqual({
      application_id: id,
      policy_status: 'cancelled',
      effective_date: nextYear,
      updated_at: expect.any(String),
    });
    const cancelled = await statusBecomes(id, 'cancelled');
    expect(cancelled.body.events[0]).toMatchObject({ type: 'cancelled', effective_date: nextYear });
    const again = await act(id, 'cancellations');
    expect(again.status).toBe(400);
    expect(again.body.errors[0].code).toBe('invalid_field_value');
  });

  it('refuses a draft and an unsupporting carrier with 400 invalid_field_value', async () => {
    start();
    const draft = (await create(F.planFull)).body;
    expect((await act(draft.application_id, 'cancellations')).body.errors[0].code).toBe('invalid_field_value');
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
    expect(r.body).toMatchObject({
      application_id: id,
      policy_status: 'terminated',
      effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
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
