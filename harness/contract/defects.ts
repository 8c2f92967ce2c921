/**
 * Finds the defects of a document and marks them in the dereferenced copy, so a check that
 * touches one gets `unspecified` instead of a false verdict. Two kinds are found at load:
 * `$ref`s the dereferencer could not resolve, and schemas the JSON Schema meta-schema rejects.
 */
import type { SchemaValidator } from './ajv.js';
import { toJsonSchema } from './dialect.js';
import { fromPointer, setValueAt, toPointer, valueAt } from './pointer.js';
import { HTTP_METHODS, schemaSites } from './schema-sites.js';
import type { ContractDefect, JsonObject } from './types.js';
import { isObject } from '../is-object.js';

/** The key a defective part is replaced by in the dereferenced document. */
export const DEFECT_MARKER = 'x-contract-defect';

interface RefError {
  message: string;
  path?: ReadonlyArray<string | number> | null;
}

/** One defect per reference error of the dereferencer (`continueOnError` collects them all). */
export function referenceDefects(errors: readonly RefError[], raw: JsonObject): ContractDefect[] {
  return errors.map((err) => {
    const segments = (err.path ?? []).map(String);
    return withOperation({ pointer: toPointer(segments), message: err.message }, segments, raw);
  });
}

/** One defect per schema root the meta-schema rejects, at the deepest offending keyword. */
export function schemaDefects(raw: JsonObject, ajv: SchemaValidator): ContractDefect[] {
  const defects: ContractDefect[] = [];
  for (const site of schemaSites(raw)) {
    const schema = toJsonSchema(site.schema);
    if (typeof schema === 'boolean') continue;
    if (!isObject(schema)) {
      defects.push(defectAt(site.segments, 'invalid schema: must be an object or boolean', site.operationId));
      continue;
    }
    if (metaValid(ajv, schema)) continue;
    const errors = ajv.errors ?? [];
    const deepest = errors.reduce((a, b) => (b.instancePath.length > a.instancePath.length ? b : a), errors[0]);
    const at = deepest ? deepest.instancePath : '';
    const messages = [...new Set(errors.filter((e) => e.instancePath === at).map((e) => e.message))];
    const segments = [...site.segments, ...fromPointer(`#${at}`)];
    defects.push(defectAt(segments, `invalid schema: ${messages.join('; ')}`, site.operationId));
  }
  return defects;
}

/** A schema naming a meta-schema ajv does not know (`$schema`) is not judged here. */
function metaValid(ajv: SchemaValidator, schema: JsonObject): boolean {
  try {
    return ajv.validateSchema(schema) === true;
  } catch {
    return true;
  }
}

function defectAt(segments: string[], message: string, operationId?: string): ContractDefect {
  return operationId
    ? { operationId, pointer: toPointer(segments), message }
    : { pointer: toPointer(segments), message };
}

/** Replaces each defective part of the dereferenced document by a marker naming the defect. */
export function markDefects(document: JsonObject, defects: readonly ContractDefect[]): void {
  for (const defect of defects) {
    setValueAt(document, fromPointer(defect.pointer), { [DEFECT_MARKER]: `${defect.pointer}: ${defect.message}` });
  }
}

/** The first defect marker anywhere inside `value`, or undefined. Shared and circular parts are visited once. */
export function findDefect(value: unknown, seen = new Set<object>()): string | undefined {
  if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
  seen.add(value);
  if (!Array.isArray(value) && typeof (value as JsonObject)[DEFECT_MARKER] === 'string')
    return (value as JsonObject)[DEFECT_MARKER] as string;
  for (const child of Object.values(value)) {
    const found = findDefect(child, seen);
    if (found) return found;
  }
  return undefined;
}

/** Attaches the operation a defect sits in, when its pointer is inside `paths./p.<method>`. */
function withOperation(defect: ContractDefect, segments: string[], raw: JsonObject): ContractDefect {
  if (segments[0] !== 'paths' || !HTTP_METHODS.includes(segments[2] as (typeof HTTP_METHODS)[number])) return defect;
  const op = valueAt(raw, segments.slice(0, 3));
  return isObject(op) && typeof op.operationId === 'string' ? { operationId: op.operationId, ...defect } : defect;
}
