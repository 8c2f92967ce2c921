/**
 * The request examples of the provider's published document, replayed as written against the
 * sandbox: a partner who copies them must get a 2xx. Sessions first, then the direct-enrollment
 * life cycle the examples make up (create, update, upload, submit, cancel; and terminate once
 * the example's coverage has started). Every answer is also validated against the document.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../probe/client.js';

type Json = Record<string, any>;
const doc = JSON.parse(readFileSync(new URL('../../specs/provider/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Json>>;
};

/** The application/json request example of an operation, exactly as the document gives it. */
function example(operationId: string): Json {
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (op.operationId === operationId) return structuredClone(op.requestBody.content['application/json'].example);
    }
  }
  throw new Error(`the provider document has no operation ${operationId}`);
}

// Before the create example's desired_effective_date (2026-01-01), so its policy stays cancellable.
let t = Date.parse('2025-12-15T12:00:00Z');
/** One second per reading (no key runs out of rate budget), plus jumps to move past a date. */
const clock = () => new Date((t += 1000));
const jumpTo = (iso: string) => {
  t = Date.parse(iso);
};

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock, processingDelayMs: 5 });
  call = client(server.url);
});
afterAll(() => server.close());

const ROUTING = '?product=ichra&exchange=off_exchange';
let keys = 0;
const keyed = () => ({ 'idempotency-key': `provider-example-${++keys}` });

async function policyStatus(id: string, wanted: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const r = await call('GET', `/v1/enrollments/${id}${ROUTING}`);
    if (r.body.policy_status === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${id} never reached ${wanted}`);
}

async function created(): Promise<Json> {
  const r = await call('POST', '/v1/enrollments', { json: example('createEnrollment'), headers: keyed() });
  expect(r.status).toBeGreaterThanOrEqual(200);
  expect(r.status).toBeLessThan(300);
  return r.body;
}

describe("the provider document's request examples, replayed", () => {
  it('createEnrollmentSession (NY 10001 / 36061, plan 12345NY0010001) → 200', async () => {
    const body = example('createEnrollmentSession');
    expect(body.location).toMatchObject({ zip_code: '10001', fips_code: '36061', state: 'NY' });
    const r = await call('POST', '/v1/enrollment-sessions', { json: body });
    expect(r.status).toBe(200);
    expect(r.body.external_id).toBe(body.external_id);
  });

  it('createEnrollment (plan 12345CO1234501, Denver CO) → 2xx, a submittable draft', async () => {
    const app = await created();
    expect(app).toMatchObject({
      policy_status: 'draft',
      plan_hios_id: '12345CO1234501',
      external_id: 'crm-application-123',
      errors: [],
    });
  });

  it(
    'updateEnrollment, uploadEnrollmentSupportingDocumentation, submitEnrollmentApplication, ' +
      'cancelEnrollmentApplication → 2xx',
    async () => {
      const id = (await created()).application_id as string;
      const put = await call('PUT', `/v1/enrollments/${id}`, { json: example('updateEnrollment') });
      expect(put.status).toBe(200);
      expect(put.body.application.applicants.primary.email).toBe('jane.updated@example.com');
      const upload = example('uploadEnrollmentSupportingDocumentation');
      // The example elides the file's bytes ("JVBERi0xLjQg..."): what is left is a PDF header.
      upload.file.content_base64 = String(upload.file.content_base64).replace(/\.\.\.$/, '');
      const doc201 = await call('POST', `/v1/enrollments/${id}/supporting_documentation`, { json: upload });
      expect(doc201.status).toBe(201);
      const submit = await call('POST', `/v1/enrollments/${id}/submissions`, {
        json: example('submitEnrollmentApplication'),
      });
      expect(submit.status).toBe(202);
      await policyStatus(id, 'pending_effectuation');
      const cancel = await call('POST', `/v1/enrollments/${id}/cancellations`, {
        json: example('cancelEnrollmentApplication'),
      });
      expect(cancel.status).toBe(202);
      expect(cancel.body).toMatchObject({
        application_id: id,
        policy_status: 'cancelled',
        effective_date: '2026-01-01',
      });
    },
  );

  it("terminateEnrollmentApplication once the example's coverage has started → 202", async () => {
    const id = (await created()).application_id as string;
    expect(
      (await call('POST', `/v1/enrollments/${id}/submissions`, { json: example('submitEnrollmentApplication') }))
        .status,
    ).toBe(202);
    await policyStatus(id, 'pending_effectuation');
    jumpTo('2026-01-02T12:00:00Z');
    await policyStatus(id, 'effectuated');
    const terminate = await call('POST', `/v1/enrollments/${id}/terminations`, {
      json: example('terminateEnrollmentApplication'),
    });
    expect(terminate.status).toBe(202);
    expect(terminate.body).toMatchObject({ application_id: id, policy_status: 'terminated' });
  });
});
