/**
 * Two dereferenced OpenAPI documents compared operation by operation (matched by method and
 * path) and status by status: parameters, request bodies, statuses, response media types,
 * headers and every schema, recursively. Descriptions and other prose are not compared.
 */
import { findDefect } from '../../harness/contract/defects.js';
import { collectOperations } from '../../harness/contract/operations.js';
import { valueAt } from '../../harness/contract/pointer.js';
import type { JsonObject, Operation } from '../../harness/contract/types.js';
import { asJsonSchema, plain } from './normalize.js';
import { compareSchemas, summary } from './schemas.js';
import type { Difference, DifferenceKind, SchemaDifference } from './types.js';
import { isObject } from '../../harness/is-object.js';

/** Parameter facts besides the schema. */
const PARAMETER_FACTS = ['style', 'explode', 'allowReserved', 'allowEmptyValue', 'deprecated'];

interface Pair {
  ours: Operation;
  theirs: Operation;
  oursDoc: JsonObject;
  theirsDoc: JsonObject;
}

type Emit = (kind: DifferenceKind, fields: Omit<Difference, 'kind' | 'operationId' | 'method' | 'path'>) => void;

export function compareDocuments(ours: JsonObject, theirs: JsonObject): Difference[] {
  const out: Difference[] = [];
  const theirOps = new Map(collectOperations(theirs).map((op) => [routeOf(op), op]));
  const ourOps = new Map(collectOperations(ours).map((op) => [routeOf(op), op]));
  for (const [route, op] of ourOps) {
    const other = theirOps.get(route);
    const emit = emitter(out, op);
    if (!other) emit('operation', { where: 'operation', pointer: '', ours: op.operationId, theirs: undefined });
    else compareOperation({ ours: op, theirs: other, oursDoc: ours, theirsDoc: theirs }, emit);
  }
  for (const [route, op] of theirOps) {
    if (!ourOps.has(route))
      emitter(out, op)('operation', { where: 'operation', pointer: '', ours: undefined, theirs: op.operationId });
  }
  return out;
}

function routeOf(op: Operation): string {
  return `${op.method} ${op.path}`;
}

function emitter(out: Difference[], op: Operation): Emit {
  return (kind, fields) => out.push({ kind, operationId: op.operationId, method: op.method, path: op.path, ...fields });
}

function compareOperation(pair: Pair, emit: Emit): void {
  if (pair.ours.operationId !== pair.theirs.operationId) {
    emit('operation', {
      where: 'operationId',
      pointer: '',
      ours: pair.ours.operationId,
      theirs: pair.theirs.operationId,
    });
  }
  compareParameters(pair, emit);
  compareRequestBody(pair, emit);
  compareResponses(pair, emit);
}

function parameterKey(p: JsonObject): string {
  const name = String(p.name);
  return `${String(p.in)} ${p.in === 'header' ? name.toLowerCase() : name}`;
}

function compareParameters({ ours, theirs }: Pair, emit: Emit): void {
  const mine = new Map(ours.parameters.map((p) => [parameterKey(p), p]));
  const other = new Map(theirs.parameters.map((p) => [parameterKey(p), p]));
  for (const key of new Set([...mine.keys(), ...other.keys()])) {
    const where = `parameter ${key}`;
    const a = mine.get(key);
    const b = other.get(key);
    if (!a || !b) {
      emit('parameter', {
        where,
        pointer: '',
        ours: a ? 'documented' : undefined,
        theirs: b ? 'documented' : undefined,
      });
      continue;
    }
    // Path parameters are required whatever the document says.
    const required = (p: JsonObject) => p.in === 'path' || p.required === true;
    if (required(a) !== required(b))
      emit('parameter', { where, pointer: '', keyword: 'required', ours: required(a), theirs: required(b) });
    for (const fact of PARAMETER_FACTS) {
      if (a[fact] !== b[fact]) emit('parameter', { where, pointer: '', keyword: fact, ours: a[fact], theirs: b[fact] });
    }
    schemaDifferences(a.schema, b.schema, (d) => emit('parameter', { where, ...d }));
  }
}

function compareRequestBody({ ours, theirs }: Pair, emit: Emit): void {
  const a = ours.requestBody;
  const b = theirs.requestBody;
  if (!a && !b) return;
  if (!a || !b) {
    emit('request-shape', {
      where: 'request body',
      pointer: '',
      ours: a ? 'documented' : undefined,
      theirs: b ? 'documented' : undefined,
    });
    return;
  }
  if ((a.required === true) !== (b.required === true)) {
    emit('request-shape', {
      where: 'request body',
      pointer: '',
      keyword: 'required',
      ours: a.required === true,
      theirs: b.required === true,
    });
  }
  compareContent(objectMap(a.content), objectMap(b.content), 'request', undefined, 'request-shape', emit);
}

function compareResponses(pair: Pair, emit: Emit): void {
  const { ours, theirs } = pair;
  for (const status of new Set([...Object.keys(ours.responses), ...Object.keys(theirs.responses)])) {
    const a = ours.responses[status];
    const b = theirs.responses[status];
    if (!a || !b) {
      emit('status', {
        status,
        where: `response ${status}`,
        pointer: '',
        ours: a ? 'documented' : undefined,
        theirs: b ? 'documented' : undefined,
      });
      continue;
    }
    const defectOurs = defectOf(pair.oursDoc, ours, status);
    const defectTheirs = defectOf(pair.theirsDoc, theirs, status);
    if (defectOurs || defectTheirs) {
      if (defectOurs !== defectTheirs)
        emit('defect', {
          status,
          where: `response ${status}`,
          pointer: '',
          ours: defectOurs ?? 'resolved',
          theirs: defectTheirs ?? 'resolved',
        });
      continue;
    }
    compareContent(a.content, b.content, `response ${status}`, status, 'response-shape', emit);
    compareHeaders(a.headers, b.headers, status, emit);
  }
}

/** The defect marker the loader left on a response, if any. */
function defectOf(doc: JsonObject, op: Operation, status: string): string | undefined {
  return findDefect(valueAt(doc, ['paths', op.path, op.method.toLowerCase(), 'responses', status]));
}

function compareContent(
  a: Record<string, JsonObject>,
  b: Record<string, JsonObject>,
  where: string,
  status: string | undefined,
  kind: 'request-shape' | 'response-shape',
  emit: Emit,
): void {
  const lower = (m: Record<string, JsonObject>) => new Map(Object.entries(m).map(([k, v]) => [k.toLowerCase(), v]));
  const mine = lower(a);
  const other = lower(b);
  for (const media of new Set([...mine.keys(), ...other.keys()])) {
    const x = mine.get(media);
    const y = other.get(media);
    const at = `${where} ${media}`;
    if (!x || !y) {
      emit('media-type', {
        ...(status ? { status } : {}),
        where: at,
        pointer: '',
        ours: x ? 'documented' : undefined,
        theirs: y ? 'documented' : undefined,
      });
      continue;
    }
    schemaDifferences(x.schema, y.schema, (d) => emit(kind, { ...(status ? { status } : {}), where: at, ...d }));
    if (plain(x.encoding ?? null) !== plain(y.encoding ?? null)) {
      emit(kind, {
        ...(status ? { status } : {}),
        where: at,
        pointer: '',
        keyword: 'encoding',
        ours: summary(x.encoding),
        theirs: summary(y.encoding),
      });
    }
  }
}

function compareHeaders(
  a: Record<string, JsonObject>,
  b: Record<string, JsonObject>,
  status: string,
  emit: Emit,
): void {
  const lower = (m: Record<string, JsonObject>) => new Map(Object.entries(m).map(([k, v]) => [k.toLowerCase(), v]));
  const mine = lower(a);
  const other = lower(b);
  for (const name of new Set([...mine.keys(), ...other.keys()])) {
    const x = mine.get(name);
    const y = other.get(name);
    const where = `response ${status} header ${name}`;
    if (!x || !y) {
      emit('header', {
        status,
        where,
        pointer: '',
        ours: x ? 'documented' : undefined,
        theirs: y ? 'documented' : undefined,
      });
      continue;
    }
    if ((x.required === true) !== (y.required === true))
      emit('header', {
        status,
        where,
        pointer: '',
        keyword: 'required',
        ours: x.required === true,
        theirs: y.required === true,
      });
    schemaDifferences(x.schema, y.schema, (d) => emit('header', { status, where, ...d }));
  }
}

function schemaDifferences(a: unknown, b: unknown, each: (d: SchemaDifference) => void): void {
  for (const d of compareSchemas(asJsonSchema(a), asJsonSchema(b))) each(d);
}

function objectMap(value: unknown): Record<string, JsonObject> {
  return isObject(value)
    ? (Object.fromEntries(Object.entries(value).filter(([, v]) => isObject(v))) as Record<string, JsonObject>)
    : {};
}
