/** Payment redirect (4.14) and supporting documentation (4.15). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENROLLMENT_FIXTURES as F, validCreateBody } from './fixtures.js';
import { enrollmentRoutes } from './index.js';
import { detectDocumentType } from './magic.js';
import { PAYMENT_FIELD_KEYS } from './payment.js';
import { createKit, type Kit } from './test-kit.js';

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
  return (await kit.call('POST', '/v1/enrollments', { body: validCreateBody(plan, overrides) })).body.id;
}

describe('payment redirect', () => {
  it('returns endpoint, method and fields whose keys keep their case and characters', async () => {
    const id = await created(F.planFull);
    const r = await kit.call('GET', `/v1/enrollments/${id}/payment_redirect?product=ichra&exchange=off_exchange`);
    expect(r.status).toBe(200);
    expect(r.body.endpoint).toMatch(/^https:\/\//);
    expect(r.body.method).toBe('POST');
    expect(Object.keys(r.body.fields)).toEqual([...PAYMENT_FIELD_KEYS]);
    expect(r.body.fields['policy#']).toBe(id);
    expect(r.body.fields['Subscriber Last-Name']).toBe('Lovelace');
  });

  it('answers 422 when the carrier does not support payment redirect', async () => {
    const id = await created(F.planLimited);
    const r = await kit.call('GET', `/v1/enrollments/${id}/payment_redirect?product=ichra&exchange=off_exchange`);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].code).toBe('payment_redirect_unsupported');
  });

  it.each(['', '?product=ichra', '?exchange=off_exchange', '?product=ichra&exchange=on_exchange'])('refuses routing query %j with 422', async (q) => {
    const id = await created(F.planFull);
    const r = await kit.call('GET', `/v1/enrollments/${id}/payment_redirect${q}`);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].field).toMatch(/^(product|exchange)$/);
  });
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
  const upload = (id: string, body: unknown) => kit.call('POST', `/v1/enrollments/${id}/supporting_documentation`, { body });
  const sep = { special_enrollment_period: { event_type: 'loss_of_coverage', event_date: '2026-01-15' } };

  it('starts as required for a special enrollment period and becomes received after a JSON upload', async () => {
    const id = await created(F.planFull, sep);
    const before = await kit.call('GET', `/v1/enrollments/${id}`);
    expect(before.body.document_status).toBe('required');
    expect(before.body.next_actions.map((a: { action: string }) => a.action)).toContain('upload_supporting_documentation');
    const r = await upload(id, json(PNG));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ detected_content_type: 'image/png', document_status: 'received' });
    expect((await kit.call('GET', `/v1/enrollments/${id}`)).body.document_status).toBe('received');
  });

  it.each([['PDF', PDF], ['JPEG', JPEG], ['PNG', PNG]])('accepts a multipart %s whatever its declared type', async (_n, bytes) => {
    const id = await created(F.planFull, sep);
    const r = await upload(id, multipart(bytes));
    expect(r.status).toBe(201);
    expect((await kit.call('GET', `/v1/enrollments/${id}`)).body.document_status).toBe('received');
  });

  it('accepts a multipart context given as bracketed fields', async () => {
    const id = await created(F.planFull);
    const body = { fields: { 'context[product]': 'ichra', 'context[exchange]': 'off_exchange', document_type: 'sep' }, files: multipart(PDF).files };
    expect((await upload(id, body)).status).toBe(201);
  });

  it('refuses bytes that are not PDF, JPEG or PNG with 422, in both forms', async () => {
    const id = await created(F.planFull, sep);
    const a = await upload(id, json(GIF));
    expect(a.status).toBe(422);
    expect(a.body.errors[0]).toMatchObject({ code: 'unsupported_document_format', field: 'file' });
    expect((await upload(id, multipart(GIF))).status).toBe(422);
    expect((await kit.call('GET', `/v1/enrollments/${id}`)).body.document_status).toBe('required');
  });

  it.each([
    ['document_type other than sep', json(PDF, { document_type: 'income' }), 'document_type'],
    ['missing document_type', json(PDF, { document_type: undefined }), 'document_type'],
    ['missing file', json(PDF, { file: undefined }), 'file'],
    ['bad base64', json(PDF, { file: { content_base64: '***' } }), 'file.content_base64'],
    ['missing context', json(PDF, { context: undefined }), 'context'],
  ])('refuses %s with 400', async (_n, body, field) => {
    const id = await created(F.planFull);
    const r = await upload(id, body);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe(field);
  });

  it('refuses multipart without a file or with a non-sep document_type with 400', async () => {
    const id = await created(F.planFull);
    expect((await upload(id, multipart(undefined))).status).toBe(400);
    expect((await upload(id, multipart(PDF, { document_type: 'other' }))).status).toBe(400);
  });
});
