/**
 * Direct enrollment, the older ICHRA and the Medicare families end to end through the
 * reference server (core edge, gates, idempotency, body parsing). Every /v1 response is
 * validated against the provider's document (and specs/partner-api.yaml) by the core's test client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyForRole } from '../core/accounts.js';
import { client, type Call } from '../probe/client.js';
import { APPLICATION } from '../legacy/samples.js';
import { MEDICARE_FIXTURES as M } from '../medicare/samples.js';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { ENROLLMENT_FIXTURES as F, validCreateBody } from './fixtures.js';

let server: ReferenceServer;
let call: Call;
let keyN = 0;
beforeAll(async () => {
  // A clock that runs ahead on every reading, so polling never drains the key's rate bucket.
  let t = Date.now();
  const clock = () => new Date((t += 100));
  server = await startReferenceServer({ processingDelayMs: 5, seed: { enrollments: 30 }, clock });
  call = client(server.url);
});
afterAll(() => server.close());

const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
const FUTURE = `${new Date().getUTCFullYear() + 1}-01-01`;
const idem = () => ({ 'idempotency-key': `e2e-${process.pid}-${++keyN}` });

async function create(plan: string, extra: Record<string, unknown> = {}) {
  const r = await call('POST', '/v1/enrollments', { json: validCreateBody(plan, extra), headers: idem() });
  expect(r.status).toBe(201);
  return r.body;
}

async function pollStatus(id: string, status: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const r = await call('GET', `/v1/enrollments/${id}?product=ichra&exchange=off_exchange`);
    if (r.body.policy_status === status) return;
    if (Date.now() > deadline) throw new Error(`${id} never reached ${status} (is ${r.body.policy_status})`);
    await new Promise((res) => setTimeout(res, 10));
  }
}

function multipart(
  boundary: string,
  parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>,
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe('direct enrollment through the server', () => {
  it('refuses a create without Idempotency-Key (400 errors[]) and the unapproved key (403 unified)', async () => {
    const none = await call('POST', '/v1/enrollments', { json: validCreateBody(F.planFull) });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].code).toBe('idempotency_key_required');
    const gated = await call('GET', '/v1/enrollments?product=ichra&exchange=off_exchange', { role: 'unapproved' });
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('forbidden');
  });

  it('replays a create verbatim under the same key', async () => {
    const headers = idem();
    const body = validCreateBody(F.planFull);
    const first = await call('POST', '/v1/enrollments', { json: body, headers });
    const again = await call('POST', '/v1/enrollments', { json: body, headers });
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('runs submit, effectuation and termination for the full carrier', async () => {
    const { application_id: id } = await create(F.planFull);
    expect((await call('POST', `/v1/enrollments/${id}/submissions`, { json: CTX })).status).toBe(202);
    await pollStatus(id, 'effectuated');
    expect((await call('POST', `/v1/enrollments/${id}/terminations`, { json: CTX })).status).toBe(202);
    await pollStatus(id, 'terminated');
  });

  it('cancels a future-dated pending application and refuses the limited carrier', async () => {
    const { application_id: id } = await create(F.planFull, { desired_effective_date: FUTURE });
    await call('POST', `/v1/enrollments/${id}/submissions`, { json: CTX });
    await pollStatus(id, 'pending_effectuation');
    expect((await call('POST', `/v1/enrollments/${id}/cancellations`, { json: CTX })).status).toBe(202);
    await pollStatus(id, 'cancelled');
    const limited = (await create(F.planLimited, { desired_effective_date: FUTURE })).application_id;
    await call('POST', `/v1/enrollments/${limited}/submissions`, { json: CTX });
    await pollStatus(limited, 'pending_effectuation');
    const refused = await call('POST', `/v1/enrollments/${limited}/cancellations`, { json: CTX });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe('invalid_field_value');
  });

  it('ends submission_failed for the refusing carrier', async () => {
    const { application_id: id } = await create(F.planSubmissionFails);
    await call('POST', `/v1/enrollments/${id}/submissions`, { json: CTX });
    await pollStatus(id, 'submission_failed');
  });

  it('lists with filters and refuses unsupported parameters', async () => {
    const r = await call(
      'GET',
      `/v1/enrollments?product=ichra&exchange=off_exchange&plan_hios_id=${F.planLimited}&limit=5`,
    );
    expect(r.status).toBe(200);
    expect(r.body.applications.length).toBeGreaterThan(0);
    for (const row of r.body.applications) expect(row.plan_hios_id).toBe(F.planLimited);
    expect((await call('GET', '/v1/enrollments?product=ichra&exchange=off_exchange&foo=1')).status).toBe(400);
  });

  it('returns payment fields unchanged on the wire', async () => {
    const { application_id: id } = await create(F.planFull);
    const r = await call('GET', `/v1/enrollments/${id}/payment_redirect?product=ichra&exchange=off_exchange`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('"name":"x-Carrier.Ref"');
    expect(r.body.fields).toContainEqual({ name: 'return url', value: expect.stringMatching(/^https:/) });
  });

  it(
    'answers a create, submission, cancellation or termination in another media type with 400 errors[] (no 415 ' +
      'documented there)',
    async () => {
      const create415 = await call('POST', '/v1/enrollments', {
        raw: JSON.stringify(validCreateBody(F.planFull)),
        contentType: 'text/plain',
        headers: idem(),
      });
      expect(create415.status).toBe(400);
      expect(create415.body.errors[0]).toMatchObject({ code: 'invalid_request', field: 'Content-Type' });
      const { application_id: id } = await create(F.planFull);
      for (const action of ['submissions', 'cancellations', 'terminations']) {
        const r = await call('POST', `/v1/enrollments/${id}/${action}`, {
          raw: JSON.stringify(CTX),
          contentType: 'text/plain',
        });
        expect(r.status, action).toBe(400);
      }
      const put = await call('PUT', `/v1/enrollments/${id}`, { raw: '{}', contentType: 'text/plain' });
      expect(put.status).toBe(415);
      expect(put.body.error.code).toBe('unsupported_media_type');
    },
  );

  it('accepts a real multipart upload and a JSON upload, and refuses text/plain with 415', async () => {
    const { application_id: id } = await create(F.planFull, {
      special_enrollment_period: { event_type: 'relocation', event_date: '2026-01-02' },
    });
    const path = `/v1/enrollments/${id}/supporting_documentation`;
    const raw = multipart('xyzBOUNDARY', [
      { name: 'context', value: JSON.stringify(CTX.context), type: 'application/json' },
      { name: 'document_type', value: 'sep' },
      {
        name: 'file',
        value: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
        filename: 'proof.jpg',
        type: 'application/pdf',
      },
    ]);
    const r = await call('POST', path, { raw, contentType: 'multipart/form-data; boundary=xyzBOUNDARY' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ application_id: id, filename: 'proof.jpg', document_type: 'sep' });
    const json = await call('POST', path, {
      json: {
        ...CTX,
        document_type: 'sep',
        file: {
          filename: 'a.pdf',
          content_type: 'application/pdf',
          content_base64: Buffer.from('%PDF-1.4').toString('base64'),
        },
      },
    });
    expect(json.status).toBe(201);
    expect((await call('GET', `/v1/enrollments/${id}?product=ichra&exchange=off_exchange`)).body.document_status).toBe(
      'uploaded',
    );
    const text = await call('POST', path, { raw: 'hello', contentType: 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('unsupported_media_type');
  });
});

describe('older ICHRA and Medicare through the server', () => {
  it('creates and submits a legacy application', async () => {
    const created = await call('POST', '/api/v1/applications', { json: APPLICATION });
    expect(created.status).toBe(201);
    expect(
      (await call('POST', `/api/v1/applications/${created.body.application.id}/submit`, { json: {} })).status,
    ).toBe(202);
  });

  it('updates a contact with the Medicare key in X-API-Key and refuses a key without Medicare access', async () => {
    const body = { agent_email: M.medicareAgentEmail, contact: { phone: '5205550100' } };
    const ok = await call('PATCH', `/v1/contacts/${M.medicareContactId}`, {
      role: null,
      headers: { 'X-API-Key': keyForRole('medicare') },
      json: body,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.contact.phone).toBe('5205550100');
    const refused = await call('PATCH', `/v1/contacts/${M.medicareContactId}`, { role: 'unapproved', json: body });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });
});
