/**
 * Request validation by the provider's published document (specs/provider/openapi.json): the
 * sandbox accepts exactly what a component schema accepts and refuses the rest, with `details`
 * in the document's form (dotted/indexed field path → full-sentence messages). The document is
 * read and each schema compiled once per process, on first use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FieldMessages } from '../reference-data/invalid.js';

const DOCUMENT = fileURLToPath(new URL('../../specs/provider/openapi.json', import.meta.url));

let document: Record<string, unknown> | undefined;
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The provider's document, parsed once per process. */
export function providerDocument(): Record<string, any> {
  return (document ??= JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Record<string, unknown>);
}

function validatorOf(schema: string): ValidateFunction {
  let check = compiled.get(schema);
  if (check) return check;
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(providerDocument(), 'provider');
  }
  check = ajv.getSchema(`provider#/components/schemas/${schema}`);
  if (!check) throw new Error(`the provider document has no schema ${schema}`);
  compiled.set(schema, check);
  return check;
}

/** `/household/applicants/0/age` → `household.applicants[0].age`. */
export function fieldPath(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((path, p) => (/^\d+$/.test(p) ? `${path}[${p}]` : path ? `${path}.${p}` : p), '');
}

/** One ajv error as the field it names and a sentence a partner can act on. */
function describe(e: ErrorObject): [string, string] {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const field = fieldPath(e.instancePath, String(p.missingProperty));
      return [field, `${field} is required.`];
    }
    case 'additionalProperties': {
      const field = fieldPath(e.instancePath, String(p.additionalProperty));
      return [field, `${field} is not a supported field here; remove it or check its name and place.`];
    }
    case 'enum':
      return [fieldPath(e.instancePath) || 'body', `${fieldPath(e.instancePath) || 'The body'} must be one of: ${(p.allowedValues as unknown[]).join(', ')}.`];
    default: {
      const field = fieldPath(e.instancePath) || 'body';
      return [field, `${field === 'body' ? 'The body' : field} ${e.message ?? 'is invalid'}.`];
    }
  }
}

/** Field messages for `value` under the document's component schema `schema`; undefined when it conforms. */
export function documentProblems(schema: string, value: unknown): FieldMessages | undefined {
  const check = validatorOf(schema);
  if (check(value)) return undefined;
  const details: FieldMessages = {};
  for (const e of check.errors ?? []) {
    const [field, message] = describe(e);
    const list = (details[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return details;
}
