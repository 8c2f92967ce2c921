/** ajv (JSON Schema 2020-12, formats on) for the generators' tests, and request validation. */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { GeneratedRequest, Operation, Parameter, Schema } from '../types.js';

function makeAjv(coerceTypes: boolean) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes });
  addFormats(ajv);
  return ajv;
}
const bodies = makeAjv(false);
const texts = makeAjv(true);
const caches = { body: new WeakMap<object, ValidateFunction>(), text: new WeakMap<object, ValidateFunction>() };

/** A compiled validator, once per schema object (parameters: `asText`, types coerced). */
export function validator(schema: Schema, asText = false): ValidateFunction {
  if (typeof schema !== 'object') return (asText ? texts : bodies).compile(schema);
  const cache = asText ? caches.text : caches.body;
  let fn = cache.get(schema);
  if (!fn) cache.set(schema, (fn = (asText ? texts : bodies).compile(schema)));
  return fn;
}

/** One validation problem of a request, named like InvalidVariant.breaks. */
export interface RequestError {
  location: 'query' | 'path' | 'header' | 'body';
  name: string;
  keyword: string;
  /** True when ajv found it inside a combinator (anyOf, oneOf, if/then/else, not). */
  nested: boolean;
}

const COMBINATOR = /\/(anyOf|oneOf|then|else|not)\b/;
const WRAPPERS = new Set(['if', 'anyOf', 'oneOf', 'not', 'allOf']);

function bodyErrors(errors: ErrorObject[]): RequestError[] {
  return errors
    .filter((e) => !WRAPPERS.has(e.keyword))
    .map((e) => {
      const path = e.instancePath
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      if (e.keyword === 'required') path.push(String((e.params as { missingProperty: string }).missingProperty));
      return {
        location: 'body',
        name: path.join('.'),
        keyword: e.keyword === 'const' ? 'enum' : e.keyword,
        nested: COMBINATOR.test(e.schemaPath),
      };
    });
}

function pathValues(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const re = new RegExp(
    `^${template.replace(/\{([^}]+)\}/g, (_m, n: string) => {
      names.push(n);
      return '([^/]*)';
    })}$`,
  );
  const m = re.exec(path);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m?.[i + 1] ?? '')]));
}

/** Every problem ajv finds in a request against its operation (parameters as text, coerced). */
export function requestErrors(op: Operation, req: GeneratedRequest): RequestError[] {
  const out: RequestError[] = [];
  const fromPath = pathValues(op.path, req.path);
  for (const p of (op.parameters ?? []) as Parameter[]) {
    if (p.in === 'cookie') continue;
    const source = p.in === 'path' ? fromPath : p.in === 'query' ? req.query : req.headers;
    const location = p.in;
    if (!Object.hasOwn(source, p.name)) {
      if (p.required) out.push({ location, name: p.name, keyword: 'required', nested: false });
      continue;
    }
    const validate = validator(p.schema ?? true, true);
    // ajv coerces a scalar at the root for validation (the text itself stays as sent).
    if (!validate(source[p.name])) {
      for (const e of validate.errors ?? [])
        out.push({ location, name: p.name, keyword: e.keyword === 'const' ? 'enum' : e.keyword, nested: false });
    }
  }
  const schema =
    op.requestBody && 'content' in op.requestBody
      ? (op.requestBody.content as Record<string, { schema?: Schema }>)?.['application/json']?.schema
      : undefined;
  if (schema !== undefined && Object.hasOwn(req, 'body')) {
    const validate = validator(schema);
    if (!validate(req.body)) out.push(...bodyErrors(validate.errors ?? []));
  }
  return out;
}
