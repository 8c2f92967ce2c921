/**
 * Supporting documentation (4.15, section 8): both request forms accepted for PDF, JPEG and
 * PNG; document_status updated on the read; other bytes, other document types and other
 * request media types refused. Every upload goes to one application with a special
 * enrollment period; refused uploads leave it as it was.
 */
import { expectSuccessAnswer, verify, wrongIn, type Exchange } from '../../harness/suite/index.js';
import { sepDraft, type Json } from './applications.js';
import { jsonUpload, multipartUpload, notADocument, PDF, PNG } from './documents-files.js';
import { ENROLLMENT_OPERATIONS } from './operations.js';
import { readRequest } from './requests.js';

const sepApplication = sepDraft;
const needs = { writes: true, fixtures: ['planFull'] };

const { uploadEnrollmentSupportingDocumentation: upload } = ENROLLMENT_OPERATIONS;

verify(
  'a PDF uploaded in the JSON form is accepted with 200 or 201',
  ['ENR-DOCS-JSON', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const app = await sepApplication(t);
    const ex = await t.send(upload.on(t, app));
    expectSuccessAnswer(t, 'uploadEnrollmentSupportingDocumentation', upload, ex);
  },
  { needs },
);

verify(
  'a PNG uploaded as multipart/form-data is accepted with 200 or 201',
  ['ENR-DOCS-MULTIPART'],
  async (t) => {
    const app = await sepApplication(t);
    const ex = await t.send(multipartUpload(app.id, PNG));
    t.expect.status(ex, [200, 201]);
  },
  { needs },
);

verify(
  'after an upload the application read shows an updated document_status',
  ['ENR-DOCS-STATUS-UPDATED'],
  async (t) => {
    const app = await sepApplication(t);
    const before = JSON.stringify(app.created.document_status);
    const upload = await t.send(jsonUpload(app.id, PDF));
    t.expect.status(upload, [200, 201]);
    // Processing may be asynchronous: read until document_status changes, within asyncTimeoutMs.
    const statusOf = (ex: Exchange) => (ex.response?.json as Json | undefined)?.document_status;
    const read = await t.poll(
      { ...readRequest(app.id), label: 'until document_status changes' },
      (ex) => ex.response?.status === 200 && statusOf(ex) !== undefined && JSON.stringify(statusOf(ex)) !== before,
    );
    t.expect.status(read, 200);
    const after = statusOf(read);
    t.expect.that(read, {
      holds: after !== undefined && JSON.stringify(after) !== before,
      title: 'document_status unchanged',
      expected: `a document_status other than the one at creation (${before}) within asyncTimeoutMs`,
      observed: `document_status ${JSON.stringify(after)}`,
    });
  },
  { needs },
);

verify(
  'a file that is not PDF, JPEG or PNG is refused with 400, 415 or 422, whatever type it is declared as',
  ['ENR-DOCS-FORMAT-REJECTED'],
  async (t) => {
    const app = await sepApplication(t);
    const ex = await t.send({
      ...jsonUpload(app.id, { bytes: notADocument(), filename: 'note.pdf', contentType: 'application/pdf' }),
      ...wrongIn('file'),
    });
    t.expect.status(ex, [400, 415, 422]);
  },
  { needs },
);

verify(
  'a document_type other than sep is rejected with 400',
  ['ENR-DOCS-TYPE-SEP-ONLY'],
  async (t) => {
    const app = await sepApplication(t);
    const ex = await t.send({
      ...jsonUpload(app.id, { ...PDF, documentType: 'proof_of_income' }),
      ...wrongIn('document_type'),
    });
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex);
  },
  { needs },
);
