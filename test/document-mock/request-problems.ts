/**
 * Whether a request is one the document's schemas accept: parameters (required, schema, query
 * text coerced to the schema's type) and a JSON body. Multipart bodies are accepted as sent:
 * the mock has no file behaviour to check them against.
 */
import type { IncomingHttpHeaders } from 'node:http';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Contract, Operation } from '../../harness/contract/types.js';

export type RequestProblems =
  | { kind: 'none' }
  | { kind: 'media'; message: string }
  | { kind: 'invalid'; details: Record<string, string[]> };

function makeAjv(coerceTypes: boolean) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes, logger: false });
  addFormats(ajv);
  for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(name, true);
  return ajv;
}
const bodies = makeAjv(false);
const params = makeAjv(true);
const compiled = new WeakMap<object, ReturnType<typeof bodies.compile>>();

function validate(ajv: typeof bodies, schema: object, value: unknown): string[] {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  // Coercion writes into its container: validate a copy inside one.
  const box = { value: structuredClone(value) };
  const ok = fn(box.value);
  return ok ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}

function parameterValue(
  url: URL,
  headers: IncomingHttpHeaders,
  where: string,
  name: string,
  pathValues: Record<string, string>,
): string | undefined {
  if (where === 'query') return url.searchParams.get(name) ?? undefined;
  if (where === 'header') {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }
  if (where === 'path') return pathValues[name];
  return undefined;
}

/** `{enrollment_id}` values of a concrete path, by the operation's template. */
function pathValues(op: Operation, pathname: string): Record<string, string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(`${op.path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`);
  const found = pathname.match(pattern);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(found?.[i + 1] ?? '')]));
}

export function requestProblems(
  contract: Contract,
  op: Operation,
  url: URL,
  headers: IncomingHttpHeaders,
  raw: Buffer,
): RequestProblems {
  const details: Record<string, string[]> = {};
  const values = pathValues(op, url.pathname);
  for (const p of contract.parameterSchemas(op.operationId)) {
    const value = parameterValue(url, headers, p.in, p.name, values);
    if (value === undefined) {
      if (p.required) details[p.name] = ['is required'];
      continue;
    }
    const errors = p.schema ? validate(params, p.schema, value) : [];
    if (errors.length > 0) details[p.name] = errors;
  }
  const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const documented = Object.keys((op.requestBody?.content as Record<string, unknown> | undefined) ?? {});
  if (documented.length > 0) {
    if (!documented.includes(contentType))
      return { kind: 'media', message: `content type ${contentType || '(none)'} is not documented` };
    if (contentType === 'application/json') {
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        details.body = ['is not JSON'];
      }
      const schema = contract.requestSchema(op.operationId, contentType);
      if (!('body' in details) && schema) {
        const errors = validate(bodies, schema, body);
        if (errors.length > 0) details.body = errors;
      }
    }
  }
  return Object.keys(details).length > 0 ? { kind: 'invalid', details } : { kind: 'none' };
}
