/** Payment redirect (4.14) and supporting documentation (4.15). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../probe/routes.js';
import { ENROLLMENT_FIXTURES as F, validCreateBody } from './fixtures.js';
import { enrollmentRoutes } from './index.js';
import { detectDocumentType } from './magic.js';
import { PAYMENT_FIELD_KEYS } from './payment.js';

const CONTEXT = { product: 'ichra', exchange: 'off_exchange' };
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const GIF = Buffer.from('GIF89a\x01\x00', 'latin1');

let kit: Kit;
beforeEach(() => {
  kit = createKit({ modules: [enrollmentRoutes] });
});
afterEach(() => kit.close());

async function created(plan: string, overrides: Record<string, unknown> = {}): Promise<string> {
  return (await kit.call('POST', '/v1/enrollments', { body: validCreateBody(plan, overrides) })).body.application_id;
}

describe('payment redirect', () => {
  it(
    'returns application_id, endpoint, method and fields [{name, value}] whose names keep their ' +
      'case and characters',
    async () => {
      const id = await created(F.planFull);
      const r = await kit.call('GET', `/v1/enrollments/${id}/payment_redirect?product=ichra&exchange=off_exchange`);
      expect(r.status).toBe(200);
      expect(r.body.application_id).toBe(id);
      expect(r.body.endpoint).toMatch(/^https:\/\//);
      expect(r.body.method).toBe('POST');
      expect(r.body.fields.map((f: { name: string }) => f.name)).toEqual([...PAYMENT_FIELD_KEYS]);
      const value = (name: string) => r.body.fields.find((f: { name: string }) => f.name === name)?.value;
      expect(value('policy#')).toBe(id);
      expect(value('Subscriber Last-Name')).toBe('Lovelace');
    },
  );

  it('answers 422 when the carrier does not support payment redirect', async () => {
    const id = await created(F.planLimited);
    const r = await kit.call('GET', `/v1/enrollments/${id}/payment_redirect?product=ichra&exchange=off_exchange`);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].code).toBe('payment_redirect_unsupported');
  });

  it.each(['', '?product=ichra', '?exchange=off_exchange', '?product=ichra&exchange=on_exchange'])(
    'refuses routing query %j with 422',
    async (q) => {
      const id = await created(F.planFull);
      const r = await kit.call('GET', `/v1/enrollments/${id}/payment_redirect${q}`);
      expect(r.status).toBe(422);
      expect(r.body.errors[0].field).toMatch(/^(product|exchange)$/);
    },
  );
});

describe('document recognition', () => {
  it.each([
    ['PDF', PDF, 'application/pdf'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['GIF', GIF, null],
    ['empty', Buffer.alloc(0), null],
    ['short PNG prefix', PNG.subarray(0, 4), null],
  ])('%s bytes are %s', (_n, bytes, type) => {
    expect(detectDocumentType(bytes)).toBe(type);
  });
});

describe('supporting documentation', () => {
  const json = (file: Buffer, extra: Record<string, unknown> = {}) => ({
    context: CONTEXT,
    document_type: 'sep',
    file: { filename: 'proof.pdf', content_type: 'application/pdf', content_base64: file.toString('base64') },
    ...extra,
  });
  const multipart = (file: Buffer | undefined, fields: Record<string, string> = {}) => ({
    fields: { context: JSON.stringify(CONTEXT), document_type: 'sep', ...fields },
    files: file ? { file: { filename: 'proof.bin', contentType: 'application/octet-stream', data: file } } : {},
  });
  const upload = (id: string, body: unknown) =>
    kit.call('POST', `/v1/enrollments/${id}/supporting_documentation`, { body });
  const sep = { special_enrollment_period: { event_type: 'loss_of_mec', event_date: '2026-01-15' } };
  const read = (id: string) => kit.call('GET', `/v1/enrollments/${id}?product=ichra&exchange=off_exchange`);

  it('starts as required for a special enrollment period and becomes uploaded after a JSON upload', async () => {
    const id = await created(F.planFull, sep);
    const before = await read(id);
    expect(before.body).toMatchObject({ document_status: 'required', sep_reason: 'loss_of_mec' });
    expect(before.body.next_actions.map((a: { rel: string }) => a.rel)).toContain('upload_supporting_documentation');
    const r = await upload(id, json(PNG));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      document_id: expect.stringMatching(/^doc_/),
      application_id: id,
      filename: 'proof.pdf',
      document_type: 'sep',
      uploaded_at: expect.any(String),
    });
    const after = await read(id);
    expect(after.body.document_status).toBe('uploaded');
    expect(after.body.events[0]).toMatchObject({
      type: 'document_status_changed',
      old_status: 'required',
      new_status: 'uploaded',
    });
  });

  it.each([
    ['PDF', PDF],
    ['JPEG', JPEG],
    ['PNG', PNG],
  ])('accepts a multipart %s whatever its declared type', async (_n, bytes) => {
    const id = await created(F.planFull, sep);
    const r = await upload(id, multipart(bytes));
    expect(r.status).toBe(201);
    expect((await read(id)).body.document_status).toBe('uploaded');
  });

  it('accepts a multipart context given as bracketed fields', async () => {
    const id = await created(F.planFull);
    const body = {
      fields: { 'context[product]': 'ichra', 'context[exchange]': 'off_exchange', document_type: 'sep' },
      files: multipart(PDF).files,
    };
    expect((await upload(id, body)).status).toBe(201);
  });

  it('refuses bytes that are not PDF, JPEG or PNG with 422, in both forms', async () => {
    const id = await created(F.planFull, sep);
    const a = await upload(id, json(GIF));
    expect(a.status).toBe(422);
    expect(a.body.errors[0]).toMatchObject({ code: 'unsupported_document_format', field: 'file' });
    expect((await upload(id, multipart(GIF))).status).toBe(422);
    expect((await read(id)).body.document_status).toBe('required');
  });

  it.each([
    ['document_type other than sep', json(PDF, { document_type: 'income' }), 'document_type'],
    ['missing document_type', json(PDF, { document_type: undefined }), 'document_type'],
    ['missing file', json(PDF, { file: undefined }), 'file'],
    [
      'bad base64',
      json(PDF, { file: { filename: 'a.pdf', content_type: 'application/pdf', content_base64: '***' } }),
      'file.content_base64',
    ],
    [
      'a file without filename',
      json(PDF, { file: { content_type: 'application/pdf', content_base64: PDF.toString('base64') } }),
      'file.filename',
    ],
    ['missing context', json(PDF, { context: undefined }), 'context'],
  ])('refuses %s with 400', async (_n, body, field) => {
    const id = await created(F.planFull);
    const r = await upload(id, body);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe(field);
  });

  it(
    'refuses multipart without a file, with a non-sep document_type or a wrong context with 400 ' + 'naming the member',
    async () => {
      const id = await created(F.planFull);
      const field = async (body: unknown) =>
        (await upload(id, body)).body.errors.map((e: { field: string }) => e.field);
      expect(await field(multipart(undefined))).toEqual(['file']);
      expect(await field(multipart(PDF, { document_type: 'other' }))).toEqual(['document_type']);
      expect(
        await field(multipart(PDF, { context: JSON.stringify({ product: 'aca', exchange: 'off_exchange' }) })),
      ).toEqual(['context.product']);
    },
  );

  it('refuses a GIF declared as image/gif with 422, as any other format outside PDF, JPEG and PNG', async () => {
    const id = await created(F.planFull, sep);
    const r = await upload(
      id,
      json(GIF, { file: { filename: 'a.gif', content_type: 'image/gif', content_base64: GIF.toString('base64') } }),
    );
    expect(r.status).toBe(422);
    expect(r.body.errors[0].code).toBe('unsupported_document_format');
  });
});
