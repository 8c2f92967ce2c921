/**
 * The one ajv owner of the provider's published document (specs/provider/openapi.json): its
 * component schemas compiled once, on first use, so the sandbox refuses what production
 * refuses, naming each member in a full sentence. A few of the document's refusals are
 * relaxed (RELAXED) where the contract rules the behaviour instead; the handlers check those
 * themselves, each with its own named fault. Every relaxation is in a request schema.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { providerDocument } from './provider-document.js';

/** Request schemas of the document the sandbox checks bodies against. */
export type RequestSchema =
  | 'EnrollmentSessionRequest'
  | 'EnrollmentRequest'
  | 'EnrollmentUpdateRequest'
  | 'EnrollmentActionContextRequest'
  | 'EnrollmentActionContext'
  | 'SubmitRequest'
  | 'SupportingDocumentationRequest'
  | 'QuoteRequest';

/** One member the body gets wrong: its dotted path and a full sentence. */
export interface Problem {
  field: string;
  message: string;
}

/** Pointers (under components/schemas) the sandbox does not enforce, and why. */
export const RELAXED: ReadonlyArray<{ pointer: string; why: string }> = [
  {
    pointer: '/PrimaryApplicant/allOf/1/required',
    why: 'applicant members a carrier needs are submission-readiness errors of a draft (errors[]), not a refusal',
  },
  {
    pointer: '/EnrollmentRequest/allOf/1/not',
    why: "agent and TPA members are refused by the contract's own checks (2.8), each with its fault",
  },
  {
    pointer: '/EnrollmentUpdateRequest/not',
    why: "agent and TPA members are refused by the contract's own checks (2.8), each with its fault",
  },
  {
    pointer: '/SupportingDocumentationRequest/properties/file/properties/content_type/enum',
    why: 'the format is judged from the bytes: anything but PDF, JPEG or PNG is a 422 (section 8)',
  },
  {
    pointer: '/SupportingDocumentationRequest/properties/document_type/enum',
    why: 'document_type other than sep is refused by the handler (4.15), with its fault',
  },
];

/** The document's component schemas without the RELAXED members (a copy: the document stays whole). */
function relaxedSchemas(): Record<string, unknown> {
  const schemas = structuredClone(providerDocument().components.schemas) as Record<string, unknown>;
  for (const { pointer } of RELAXED) {
    const parts = pointer.split('/').slice(1);
    const last = parts.pop()!;
    let node: unknown = schemas;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    if (node === null || typeof node !== 'object' || !(last in node))
      throw new Error(`provider document has no ${pointer}`);
    delete (node as Record<string, unknown>)[last];
  }
  return schemas;
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: string): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate) return validate;
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: 'provider', components: { schemas: relaxedSchemas() } });
  }
  validate = ajv.compile({ $ref: `provider#/components/schemas/${schema}` });
  compiled.set(schema, validate);
  return validate;
}

/** What is wrong with `body` under the document's request schema; empty when it conforms. */
export function requestProblems(schema: RequestSchema, body: unknown): Problem[] {
  return schemaProblems(schema, body);
}

/** What is wrong with `value` under any component schema of the document (tests read responses). */
export function schemaProblems(schema: string, value: unknown): Problem[] {
  const validate = validatorFor(schema);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // anyOf/allOf summaries only repeat what their branches say.
  const specific = errors.filter((e) => !COMBINATORS.has(e.keyword));
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const e of specific.length ? specific : errors) {
    const p = describe(e);
    const key = `${p.field}\u0000${p.message}`;
    if (!seen.has(key)) problems.push(p);
    seen.add(key);
  }
  return problems;
}

const COMBINATORS = new Set(['anyOf', 'allOf', 'oneOf', 'not', 'if']);

const FORMATS: Record<string, string> = {
  date: 'a date written YYYY-MM-DD',
  'date-time': 'an ISO 8601 date-time',
  email: 'an email address',
  byte: 'base64-encoded bytes',
  uri: 'an absolute URL',
};

/** A JSON pointer of the instance as a dotted path with indexes: `household.applicants[0].age`. */
export function dottedPath(pointer: string, member?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (member !== undefined) parts.push(member);
  let path = '';
  for (const part of parts) path += /^\d+$/.test(part) ? `[${part}]` : path === '' ? part : `.${part}`;
  return path || 'body';
}

function describe(e: ErrorObject): Problem {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const field = dottedPath(e.instancePath, String(params.missingProperty));
      return { field, message: `${field} is required.` };
    }
    case 'additionalProperties': {
      const field = dottedPath(e.instancePath, String(params.additionalProperty));
      return { field, message: `${field} is not a member of this request; remove it.` };
    }
    case 'enum': {
      const field = dottedPath(e.instancePath);
      return {
        field,
        message:
          `${field} must be one ` +
          `of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`,
      };
    }
    case 'type': {
      const field = dottedPath(e.instancePath);
      return { field, message: `${field} must be of type ${String(params.type).replace(',', ' or ')}.` };
    }
    case 'format': {
      const field = dottedPath(e.instancePath);
      return {
        field,
        message: `${field} must be ${FORMATS[String(params.format)] ?? `in ${String(params.format)} format`}.`,
      };
    }
    default: {
      const field = dottedPath(e.instancePath);
      return { field, message: `${field} ${e.message ?? 'is invalid'}.` };
    }
  }
}
