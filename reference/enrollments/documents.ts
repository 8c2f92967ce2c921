/**
 * POST …/supporting_documentation (4.15), in both forms: JSON (the provider's
 * SupportingDocumentationRequest: `context`, `file: {filename, content_type, content_base64}`,
 * `document_type`) and multipart/form-data (`context` as a JSON part or `context[product]`-style
 * fields, a `file` part, `document_type`). The format is recognised from the bytes; bytes that
 * are not PDF, JPEG or PNG are a 422 whatever type was declared (the request's media type is
 * fine, its content is not usable). A missing or non-`sep` document_type is a 400. The file is
 * inspected and dropped, never kept. Success is the document's SupportingDocumentationResponse.
 */
import { requestProblems } from '../core/request-schemas.js';
import type { IsOn } from '../core/switch.js';
import type { RouteContext, RouteResult } from '../types.js';
import { fail, invalidRequest } from './errors.js';
import { record } from './events.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { detectDocumentType } from './magic.js';
import { schemaRefusal } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';
import { isObject } from '../core/shape.js';

interface Upload {
  documentType: unknown;
  bytes: Buffer | null;
  filename: string;
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

/** The multipart form against the document's multipart schema (context, file, document_type). */
function readMultipart(body: MultipartLike): Upload | RouteResult {
  const context = multipartContext(body.fields);
  const present: Record<string, unknown> = { context, file: body.files.file, document_type: body.fields.document_type };
  const missing = Object.keys(present).filter((name) => present[name] === undefined);
  if (missing.length) return invalidRequest(missing.map((field) => ({ field, message: `${field} is required.` })));
  const problems = requestProblems('EnrollmentActionContext', context).map((p) => ({
    ...p,
    field: p.field === 'body' ? 'context' : `context.${p.field}`,
    message: `context: ${p.message}`,
  }));
  if (problems.length) return invalidRequest(problems);
  const file = body.files.file!;
  return { documentType: body.fields.document_type, bytes: file.data, filename: file.filename };
}

/** Reads either request form into one shape, or the reason the body is unusable. */
function readUpload(body: unknown, on: IsOn): Upload | RouteResult {
  if (isMultipart(body)) {
    if (on(F.docsMultipartRefused))
      return fail(415, 'unsupported_media_type', 'Send supporting documentation as JSON.');
    return readMultipart(body);
  }
  if (!isObject(body))
    return fail(400, 'invalid_request', 'The request body must be a JSON object or multipart/form-data.');
  if (on(F.docsJsonRefused))
    return fail(415, 'unsupported_media_type', 'Send supporting documentation as multipart/form-data.');
  const refused = schemaRefusal('SupportingDocumentationRequest', body);
  if (refused) return refused;
  const file = body.file as { filename: string; content_base64: string };
  return {
    documentType: body.document_type,
    bytes: Buffer.from(file.content_base64, 'base64'),
    filename: file.filename,
  };
}

function checkUpload(u: Upload, on: IsOn): RouteResult | null {
  if (u.documentType !== 'sep' && !on(F.docsAnyDocumentType)) {
    return fail(
      400,
      'invalid_field_value',
      'document_type must be "sep" (special enrollment period).',
      'document_type',
    );
  }
  if (!u.bytes || u.bytes.length === 0)
    return fail(400, 'missing_required_field', 'file is required: a PDF, JPEG or PNG document.', 'file');
  return null;
}

export function uploadDocumentation(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const app = lookup(svc, ctx);
    if (!isApplication(app)) return app;
    const upload = readUpload(ctx.body, ctx.on);
    if ('status' in upload) return upload;
    const problem = checkUpload(upload, ctx.on);
    if (problem) return problem;
    const detected = detectDocumentType(upload.bytes!) ?? (ctx.on(F.docsTrustsDeclaredType) ? 'application/pdf' : null);
    if (!detected)
      return fail(
        422,
        'unsupported_document_format',
        'The file is not a PDF, JPEG or PNG document (recognised from its content).',
        'file',
      );

    const stamp = ctx.now().toISOString();
    if (!ctx.on(F.docsStatusUnchanged) && app.document_status !== 'uploaded') {
      record(app, { type: 'document_status_changed', old_status: app.document_status, new_status: 'uploaded' }, stamp);
      app.document_status = 'uploaded';
      app.updated_at = stamp;
    }
    return {
      status: ctx.on(F.docsUpload200) ? 200 : 201,
      body: {
        document_id: ctx.nextId('doc'),
        application_id: app.id,
        filename: upload.filename,
        document_type: upload.documentType,
        uploaded_at: stamp,
      },
    };
  };
}
