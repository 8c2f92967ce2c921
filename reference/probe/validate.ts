/**
 * The probe kit: validates a response (status + JSON body) with ajv against the documents that
 * describe its operation: the provider's published document (specs/provider/openapi.json,
 * the 17 /v1 operations; production follows it, so it must always pass), our own
 * specs/partner-api.yaml (the same operations), specs/legacy-ichra.yaml and specs/medicare.yaml.
 * Each document is dereferenced once per process.
 */
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fileURLToPath } from 'node:url';

type Response = { content?: Record<string, { schema?: object }> };
type Operation = { operationId?: string; responses?: Record<string, Response> };
type Paths = Record<string, Record<string, Operation>>;

/** The contract documents, by name; `provider` and `partner-api` both describe the `/v1` Partner API. */
const SPEC_DOCUMENTS = {
  provider: 'provider/openapi.json',
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
 * Problems with a response to `method path` in every document that describes that operation
 * (the provider's and partner-api.yaml share the /v1 paths; the others are disjoint); empty
 * when it conforms or no document describes it. `documents` narrows the documents asked (a
 * variant valid under one /v1 document only).
 */
export async function conformanceProblems(
  method: string,
  path: string,
  status: number,
  body: unknown,
  documents?: readonly SpecDocument[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const document of (Object.keys(SPEC_DOCUMENTS) as SpecDocument[]).filter(
    (d) => documents === undefined || documents.includes(d),
  )) {
    const spec = await loadSpecValidator(document);
    const operation = spec.operationFor(method, path);
    if (!operation) continue;
    problems.push(...spec.validate(operation, status, body).map((p) => `${SPEC_DOCUMENTS[document]}: ${p}`));
  }
  return problems;
}

/**
 * The provider's document as published, with its one known defect made harmless: a `$ref` to a
 * component it never defines (the 401 `Unauthorized` response) becomes an unspecified response.
 */
export function withoutDanglingRefs(doc: Record<string, unknown>): Record<string, unknown> {
  const resolves = (ref: string): boolean => {
    let node: unknown = doc;
    for (const part of ref.replace(/^#\//, '').split('/'))
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return node !== undefined;
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !resolves(ref))
      return { description: `Unspecified: the document refers to ${ref}, which it does not define.` };
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  return walk(doc) as Record<string, unknown>;
}

async function build(document: SpecDocument): Promise<SpecValidator> {
  const file = fileURLToPath(new URL(`../../specs/${SPEC_DOCUMENTS[document]}`, import.meta.url));
  const source = document === 'provider' ? withoutDanglingRefs(JSON.parse(readFileSync(file, 'utf8'))) : file;
  const doc = (await SwaggerParser.dereference(
    source as Parameters<typeof SwaggerParser.dereference>[0],
  )) as unknown as { paths?: Paths };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const operations = new Map<string, Operation>();
  const templates: Array<{ method: string; regex: RegExp; id: string }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op?.operationId) continue;
      operations.set(op.operationId, op);
      templates.push({
        method: method.toUpperCase(),
        regex: new RegExp(`^${path.replace(/[[\]]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        id: op.operationId,
      });
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
      return check(body)
        ? []
        : (check.errors ?? []).map(
            (e) => `${operationId} ${status} (${key}): ${e.instancePath || '/'} ${e.message ?? 'invalid'}`,
          );
    },
  };
}
