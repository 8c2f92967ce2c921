/**
 * Loads an OpenAPI 3.0 or 3.1 document (path or URL, YAML or JSON) into a Contract.
 * Only a document that cannot be read, or is not OpenAPI 3.x with `paths`, stops the run;
 * any other defect is recorded in `defects` and the parts it touches become unspecified.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { ConfigError } from '../errors.js';
import { createAjv } from './ajv.js';
import { SchemaCompiler } from './compile.js';
import { markDefects, referenceDefects, schemaDefects } from './defects.js';
import { validateHeaders } from './headers.js';
import { createMatcher } from './match.js';
import { collectOperations } from './operations.js';
import { parameterSchemasOf, requestSchemaOf } from './requests.js';
import { validateResponse } from './responses.js';
import { readDocumentText, unreadable, type DocumentText } from './source.js';
import type { Contract, ContractDefect, JsonObject, Operation, ReadContract } from './types.js';
import { isObject } from '../is-object.js';

/** Error codes of @apidevtools/json-schema-ref-parser that mean "could not read or parse". */
const UNREADABLE_CODES = new Set(['EPARSER', 'EUNMATCHEDPARSER', 'ERESOLVER', 'EUNMATCHEDRESOLVER', 'ETIMEOUT']);

export async function loadContract(source: string): Promise<Contract> {
  const { read, ajv } = await readWithAjv(source);
  return build(read, ajv);
}

/** The Contract of a document already read (in a worker: the one the engine read). */
export function contractFrom(read: ReadContract): Contract {
  return build(read, createAjv(String(read.raw.openapi)));
}

/** The plain data of a loaded contract, to hand to a worker. */
export function readOf({ source, digest, raw, defects, document }: ReadContract): ReadContract {
  return { source, digest, raw, defects, document };
}

async function readWithAjv(source: string): Promise<{ read: ReadContract; ajv: ReturnType<typeof createAjv> }> {
  const text = await readDocumentText(source);
  const raw = await parseDocument(source, text);
  const { document, defects } = await dereference(text, raw);
  const ajv = createAjv(String(raw.openapi));
  defects.push(...schemaDefects(raw, ajv.bodies));
  markDefects(document, defects);
  return { read: { source, digest: text.digest, raw, defects, document }, ajv };
}

function build(read: ReadContract, ajv: ReturnType<typeof createAjv>): Contract {
  const { source, digest, raw, defects, document } = read;
  const operations = collectOperations(document);
  // The first operation wins when a document reuses an operationId (legacy APTC estimates has two paths).
  const byId = new Map<string, Operation>();
  for (const op of operations) if (!byId.has(op.operationId)) byId.set(op.operationId, op);
  const componentSchemas = isObject(document.components) ? document.components.schemas : undefined;
  const match = createMatcher(operations, document.servers);
  const ctx = {
    operation: (id: string) => byId.get(id),
    match,
    document,
    compiler: new SchemaCompiler(ajv.bodies, componentSchemas, defects),
    headerCompiler: new SchemaCompiler(ajv.headers, componentSchemas, defects),
  };
  const info = isObject(raw.info) ? raw.info : {};
  return {
    source,
    digest,
    raw,
    title: typeof info.title === 'string' ? info.title : '',
    version: typeof info.version === 'string' ? info.version : String(info.version ?? ''),
    openapi: String(raw.openapi),
    defects,
    document,
    operations,
    operation: ctx.operation,
    match,
    validateResponse: (id, status, contentType, body, request) =>
      validateResponse(ctx, id, status, contentType, body, request),
    validateHeaders: (id, status, headers, request) => validateHeaders(ctx, id, status, headers, request),
    requestSchema: (id, contentType = 'application/json') => requestSchemaOf(byId.get(id), contentType),
    parameterSchemas: (id) => parameterSchemasOf(byId.get(id)),
  };
}

/** Parser options that serve the root document from the text already read (one fetch per URL). */
function parserOptions(text: DocumentText, continueOnError: boolean): SwaggerParser.Options {
  return {
    continueOnError,
    resolve: {
      rootText: { order: 1, canRead: (file: { url: string }) => file.url === text.location, read: () => text.text },
      // The document's own external references may point at a local staging host.
      http: { safeUrlResolver: false, timeout: 10_000 },
    },
    dereference: { circular: 'ignore' },
  } as SwaggerParser.Options;
}

async function parseDocument(source: string, text: DocumentText): Promise<JsonObject> {
  if (text.text.trim() === '') throw notOpenApi(source, 'the document is empty');
  let parsed: unknown;
  try {
    parsed = await new SwaggerParser().parse(text.location, parserOptions(text, false));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code && UNREADABLE_CODES.has(code)) throw unreadable(source, firstLine((err as Error).message));
    throw notOpenApi(source, firstLine((err as Error).message));
  }
  if (!isObject(parsed) || typeof parsed.openapi !== 'string' || !/^3\.[01]\./.test(parsed.openapi)) {
    throw notOpenApi(source, 'there is no `openapi: 3.0.x` or `3.1.x` field');
  }
  if (!isObject(parsed.paths)) throw notOpenApi(source, 'there is no `paths` object');
  return parsed;
}

/** The dereferenced document; unresolvable references become defects instead of errors. */
async function dereference(
  text: DocumentText,
  raw: JsonObject,
): Promise<{ document: JsonObject; defects: ContractDefect[] }> {
  const parser = new SwaggerParser();
  try {
    const document = await parser.dereference(text.location, structuredClone(raw) as never, parserOptions(text, true));
    return { document: document as unknown as JsonObject, defects: [] };
  } catch (err) {
    const errors = (err as { errors?: { message: string; path?: (string | number)[] | null }[] }).errors;
    if (!Array.isArray(errors) || !isObject(parser.api)) throw err;
    return { document: parser.api as unknown as JsonObject, defects: referenceDefects(errors, raw) };
  }
}

function notOpenApi(source: string, why: string): ConfigError {
  return new ConfigError('E_SPEC_NOT_OPENAPI', `${source} is not an OpenAPI 3.0 or 3.1 document: ${why}`);
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}
