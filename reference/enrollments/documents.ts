/**
 * POST …/supporting_documentation (4.15), in both forms: multipart/form-data (`context` as a
 * JSON part, `file`, `document_type`) and JSON (`file: {filename, content_type,
 * content_base64}`). The format is recognised from the bytes; bytes that are not PDF, JPEG or
 * PNG are a 422 (the media type of the request itself is fine, its content is not usable).
 * A missing or non-`sep` document_type is a 400. The file is inspected and dropped, never kept.
 */
import type { RouteContext, RouteResult } from '../types.js';
import { isObject } from './application.js';
import { fail } from './errors.js';
import { detectDocumentType } from './magic.js';
import { checkContext } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';

interface Upload {
  context: unknown;
  documentType: unknown;
  bytes: Buffer | null;
  filename: string | null;
}

interface MultipartLike {
  fields: Record<string, string>;
  files: Record<string, { filename: string; contentType: string; data: Buffer }>;
}

function isMultipart(body: unknown): body is MultipartLike {
  return isObject(body) && isObject(body.fields) && isObject(body.files);
}

/** The multipart `context` part is JSON; bracketed fields (`context[product]`) are accepted too. */
function multipartContext(fields: Record<string, string>): unknown {
  if (fields.context !== undefined) {
    try {
      return JSON.parse(fields.context);
    } catch {
      return fields.context;
    }
  }
  const bracketed = Object.entries(fields).filter(([k]) => /^context\[[a-z_]+\]$/.test(k));
  if (bracketed.length === 0) return undefined;
  return Object.fromEntries(bracketed.map(([k, v]) => [k.slice(8, -1), k === 'context[plan_year]' ? Number(v) : v]));
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}$/;

/** Reads either request form into one shape; a string is the reason the body is unusable. */
function readUpload(body: unknown, faulty: (n: string) => boolean): Upload | RouteResult {
  if (isMultipart(body)) {
    if (faulty('enr-docs-multipart-refused')) return fail(415, 'unsupported_media_type', 'Send supporting documentation as JSON.');
    const file = body.files.file;
    return { context: multipartContext(body.fields), documentType: body.fields.document_type, bytes: file ? file.data : null, filename: file?.filename ?? null };
  }
  if (!isObject(body)) return fail(400, 'invalid_request', 'The request body must be a JSON object or multipart/form-data.');
  if (faulty('enr-docs-json-refused')) return fail(415, 'unsupported_media_type', 'Send supporting documentation as multipart/form-data.');
  const file = body.file;
  if (file === undefined) return { context: body.context, documentType: body.document_type, bytes: null, filename: null };
  if (!isObject(file) || typeof file.content_base64 !== 'string' || !BASE64.test(file.content_base64)) {
    return fail(400, 'invalid_field_value', 'file must be {filename, content_type, content_base64} with base64 content.', 'file.content_base64');
  }
  return { context: body.context, documentType: body.document_type, bytes: Buffer.from(file.content_base64, 'base64'), filename: typeof file.filename === 'string' ? file.filename : null };
}

function checkUpload(u: Upload, faulty: (n: string) => boolean): RouteResult | null {
  const context = checkContext({ context: u.context });
  if (context) return context;
  if (u.documentType === undefined) return fail(400, 'missing_field', 'document_type is required; the only supported value is "sep".', 'document_type');
  if (u.documentType !== 'sep' && !faulty('enr-docs-any-document-type')) {
    return fail(400, 'invalid_field_value', 'document_type must be "sep" (special enrollment period).', 'document_type');
  }
  if (!u.bytes || u.bytes.length === 0) return fail(400, 'missing_field', 'file is required: a PDF, JPEG or PNG document.', 'file');
  return null;
}

export function uploadDocumentation(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const app = lookup(svc, ctx);
    if (!isApplication(app)) return app;
    const upload = readUpload(ctx.body, ctx.faulty);
    if ('status' in upload) return upload;
    const problem = checkUpload(upload, ctx.faulty);
    if (problem) return problem;
    const detected = detectDocumentType(upload.bytes!) ?? (ctx.faulty('enr-docs-trusts-declared-type') ? 'application/pdf' : null);
    if (!detected) return fail(422, 'unsupported_document_format', 'The file is not a PDF, JPEG or PNG document (recognised from its content).', 'file');

    const stamp = ctx.now().toISOString();
    if (!ctx.faulty('enr-docs-status-unchanged')) {
      app.document_status = 'received';
      app.updated_at = stamp;
    }
    return {
      status: 201,
      body: {
        id: ctx.nextId('doc'),
        enrollment_id: app.id,
        document_type: upload.documentType,
        filename: upload.filename,
        detected_content_type: detected,
        size_bytes: upload.bytes!.length,
        document_status: app.document_status,
        received_at: stamp,
      },
    };
  };
}
