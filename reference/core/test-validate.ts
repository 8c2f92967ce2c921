/**
 * Test support: validates a response (status + JSON body) with ajv against one of the three
 * contract documents (specs/partner-api.yaml by default, specs/legacy-ichra.yaml,
 * specs/medicare.yaml), by operationId or by method and path. Each document is dereferenced
 * once per process.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fileURLToPath } from 'node:url';

type Response = { content?: Record<string, { schema?: object }> };
type Operation = { operationId?: string; responses?: Record<string, Response> };
type Paths = Record<string, Record<string, Operation>>;

/** The contract documents, by name; `partner-api` is the `/v1` Partner API. */
export const SPEC_DOCUMENTS = {
  'partner-api': 'partner-api.yaml',
  'legacy-ichra': 'legacy-ichra.yaml',
  medicare: 'medicare.yaml',
} as const;
export type SpecDocument = keyof typeof SPEC_DOCUMENTS;

export interface SpecValidator {
  /** operationId for a concrete method and path, or undefined when the document has none. */
  operationFor(method: string, path: string): string | undefined;
  /** Problems with this status and body for the operation; empty when it conforms. */
  validate(operationId: string, status: number, body: unknown): string[];
}

const loading = new Map<SpecDocument, Promise<SpecValidator>>();

export function loadSpecValidator(document: SpecDocument = 'partner-api'): Promise<SpecValidator> {
  let validator = loading.get(document);
  if (!validator) loading.set(document, (validator = build(document)));
  return validator;
}

/**
 * The response key of `responses` that documents `status`: the exact code, else its range
 * (`2XX`, any case, as OpenAPI allows), else `default`.
 */
export function responseKeyFor(responses: Record<string, unknown>, status: number): string | undefined {
  const exact = String(status);
  if (exact in responses) return exact;
  const range = Object.keys(responses).find((k) => k.toUpperCase() === `${exact[0]}XX`);
  if (range !== undefined) return range;
  return 'default' in responses ? 'default' : undefined;
}

/**
 * Problems with a response to `method path` in whichever document describes that operation
 * (documents have disjoint paths); empty when it conforms or no document describes it.
 */
export async function conformanceProblems(method: string, path: string, status: number, body: unknown): Promise<string[]> {
  for (const document of Object.keys(SPEC_DOCUMENTS) as SpecDocument[]) {
    const spec = await loadSpecValidator(document);
    const operation = spec.operationFor(method, path);
    if (operation) return spec.validate(operation, status, body).map((p) => `${SPEC_DOCUMENTS[document]}: ${p}`);
  }
  return [];
}

async function build(document: SpecDocument): Promise<SpecValidator> {
  const file = fileURLToPath(new URL(`../../specs/${SPEC_DOCUMENTS[document]}`, import.meta.url));
  const doc = (await SwaggerParser.dereference(file)) as unknown as { paths?: Paths };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const operations = new Map<string, Operation>();
  const templates: Array<{ method: string; regex: RegExp; id: string }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op?.operationId) continue;
      operations.set(op.operationId, op);
      templates.push({ method: method.toUpperCase(), regex: new RegExp(`^${path.replace(/[[\]]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`), id: op.operationId });
    }
  }
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  return {
    operationFor(method, path) {
      return templates.find((t) => t.method === method && t.regex.test(path))?.id;
    },
    validate(operationId, status, body) {
      const op = operations.get(operationId);
      if (!op) return [`unknown operationId ${operationId}`];
      const key = responseKeyFor(op.responses ?? {}, status);
      if (key === undefined) return [`status ${status} is not documented for ${operationId}`];
      const schema = op.responses![key]!.content?.['application/json']?.schema;
      if (!schema) return [];
      const cacheKey = `${operationId} ${key}`;
      let check = compiled.get(cacheKey);
      if (!check) compiled.set(cacheKey, (check = ajv.compile(schema)));
      return check(body) ? [] : (check.errors ?? []).map((e) => `${operationId} ${status} (${key}): ${e.instancePath || '/'} ${e.message ?? 'invalid'}`);
    },
  };
}
