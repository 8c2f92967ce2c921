/**
 * The requests of the bounds check (bounds.ts): an operation's valid request with members moved
 * onto their stated bounds (boundCases, generators/), each request held to the loaded document
 * before it is sent: one meant inside every bound is valid under the operation's request schema
 * and parameter schemas, as a whole (a value a conditional rule refuses beside the others is left
 * out of it); one meant outside a bound is invalid under them.
 */
import type { ValidateFunction } from 'ajv';
import { boundCases, type BoundBase, type BoundCase, type KnownValues } from '../../generators/index.js';
import { createAjv } from '../../harness/contract/ajv.js';
import { parameterSchemasOf, requestSchemaOf } from '../../harness/contract/requests.js';
import type { Operation } from '../../harness/contract/types.js';
import type { ApiRequest } from '../../harness/suite/index.js';

/** A member's value drawn for one request, and the case it is of. */
export interface Placed {
  case: BoundCase;
  value: unknown;
}

/** The query of a request as sent: the one written in its path and its `query`, decoded. */
export function sentQuery(req: ApiRequest): Map<string, string> {
  const written = new URLSearchParams(req.path.split('?')[1] ?? '');
  const given = Object.entries(req.query ?? {}).filter((e): e is [string, string | number | boolean] => e[1] != null);
  return new Map([...written, ...given.map(([k, v]): [string, string] => [k, String(v)])]);
}

/** The path's segments that fill the route's parameters, by name (the route's own segments last). */
function pathValues(req: ApiRequest, route: string): Record<string, string> {
  const template = route.slice(route.indexOf(' ') + 1).split('/');
  const sent = req.path.split('?')[0]!.split('/');
  const offset = sent.length - template.length;
  const out: Record<string, string> = {};
  template.forEach((segment, i) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (name !== undefined && sent[i + offset] !== undefined) out[name] = decodeURIComponent(sent[i + offset]!);
  });
  return out;
}

const baseOf = (req: ApiRequest, route: string): BoundBase => ({
  query: Object.fromEntries(sentQuery(req)),
  path: pathValues(req, route),
  body: req.json,
});

/**
 * The bound cases of `op`'s request for its valid request `req` (on `route`); with no request, every member its
 * document declares (what weighs an operation against the others, and what says it states a bound at all).
 */
export function casesOf(
  op: Operation,
  route: string,
  req: ApiRequest | undefined,
  opts: { known?: KnownValues } = {},
): BoundCase[] {
  return boundCases(op, req ? baseOf(req, route) : {}, opts);
}

/** `root` with `value` at `path` (objects and lists copied on the way, created where absent). */
function setIn(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : [];
    list[head] = setIn(list[head], rest, value);
    return list;
  }
  const copy = { ...(typeof root === 'object' && root !== null && !Array.isArray(root) ? root : {}) } as Record<
    string,
    unknown
  >;
  copy[head!] = setIn(copy[head!], rest, value);
  return copy;
}

/** `req` with each placed value in its member (a query value as its text, a path segment encoded). */
export function withValues(req: ApiRequest, route: string, placed: readonly Placed[]): ApiRequest {
  const query = sentQuery(req);
  let path = req.path.split('?')[0]!;
  let json = req.json;
  for (const { case: c, value } of placed) {
    const name = String(c.path[0]);
    if (c.in === 'query') query.set(name, String(value));
    else if (c.in === 'path') path = withSegment(path, route, name, String(value));
    else json = setIn(json, c.path, value);
  }
  return { ...req, path, query: Object.fromEntries(query), ...(req.json !== undefined ? { json } : {}) };
}

function withSegment(path: string, route: string, name: string, value: string): string {
  const template = route.slice(route.indexOf(' ') + 1).split('/');
  const sent = path.split('/');
  const at = template.indexOf(`{${name}}`) + sent.length - template.length;
  return sent.map((s, i) => (i === at ? encodeURIComponent(value) : s)).join('/');
}

// One ajv of each kind for every document of the run: JSON Schema 2020-12, formats as the contract checks them.
const AJV = createAjv('3.1.0');

/** An operation's validators, compiled once: its JSON body's, and each parameter's (text, coerced) by `in:name`. */
interface Validators {
  body?: ValidateFunction;
  params: Map<string, ValidateFunction>;
}
const compiled = new WeakMap<Operation, Validators>();

function validatorsOf(op: Operation): Validators {
  let found = compiled.get(op);
  if (found) return found;
  const body = requestSchemaOf(op, 'application/json');
  const params = parameterSchemasOf(op).flatMap((p) =>
    p.schema ? [[`${p.in}:${p.name}`, AJV.headers.compile(p.schema)] as const] : [],
  );
  found = { ...(body ? { body: AJV.bodies.compile(body) } : {}), params: new Map(params) };
  compiled.set(op, found);
  return found;
}

/** Whether `req` is valid under `op`'s document in every member a case of `placed` touches (the body as a whole). */
export function documentAllows(op: Operation, req: ApiRequest, placed: readonly Placed[]): boolean {
  const validators = validatorsOf(op);
  const query = sentQuery(req);
  if (placed.some((p) => p.case.in === 'body') && validators.body && !validators.body(req.json)) return false;
  return placed
    .filter((p) => p.case.in !== 'body')
    .every((p) => {
      const validate = validators.params.get(`${p.case.in}:${String(p.case.path[0])}`);
      const text = p.case.in === 'query' ? query.get(String(p.case.path[0])) : String(p.value);
      return validate === undefined || validate(text);
    });
}
