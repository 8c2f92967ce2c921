/**
 * Compiles schemas of the contract once each, caching by a caller-chosen key. A schema that
 * touches a defect, or that ajv cannot compile, becomes `unspecified` (and, in the second
 * case, a new defect of the contract) instead of an error of the run.
 */
import type { ValidateFunction } from 'ajv';
import type { SchemaValidator } from './ajv.js';
import { findDefect } from './defects.js';
import { toJsonSchema } from './dialect.js';
import { toPointer } from './pointer.js';
import type { ContractDefect, JsonObject } from './types.js';
import { isObject } from '../is-object.js';

export type Compiled = { validate: ValidateFunction } | { unspecified: string };

export interface SchemaSite {
  /** Where the schema sits in the document, for a defect found while compiling. */
  segments: string[];
  operationId: string;
}

export class SchemaCompiler {
  private readonly cache = new Map<string, Compiled>();
  /** One converted copy per source schema object, so ajv's own cache serves shared schemas. */
  private readonly memo = new Map<object, unknown>();

  constructor(
    private readonly ajv: SchemaValidator,
    /** `components.schemas`, so `$ref`s left in place by recursive schemas still resolve. */
    private readonly componentSchemas: unknown,
    private readonly defects: ContractDefect[],
  ) {}

  compile(key: string, schema: unknown, site: SchemaSite, wrap?: (s: unknown) => unknown): Compiled {
    let compiled = this.cache.get(key);
    if (!compiled) {
      compiled = this.compileOnce(schema, site, wrap);
      this.cache.set(key, compiled);
    }
    return compiled;
  }

  private converted?: JsonObject;

  private convertedComponents(): JsonObject {
    if (!this.converted) {
      const schemas = isObject(this.componentSchemas) ? this.componentSchemas : {};
      this.converted = Object.fromEntries(
        Object.entries(schemas).map(([name, s]) => [name, toJsonSchema(s, this.memo)]),
      );
    }
    return this.converted;
  }

  private compileOnce(schema: unknown, site: SchemaSite, wrap?: (s: unknown) => unknown): Compiled {
    const defect = findDefect(schema);
    if (defect) return { unspecified: `the schema touches a defect of the contract (${defect})` };
    try {
      const converted = toJsonSchema(schema, this.memo);
      const root = wrap ? wrap(converted) : converted;
      const withComponents =
        isObject(root) && hasLocalRef(root) ? { ...root, components: { schemas: this.convertedComponents() } } : root;
      return { validate: this.ajv.compile(withComponents as JsonObject) };
    } catch (err) {
      const pointer = toPointer(site.segments);
      const message = `schema cannot be compiled: ${(err as Error).message}`;
      if (!this.defects.some((d) => d.pointer === pointer))
        this.defects.push({ operationId: site.operationId, pointer, message });
      return { unspecified: `${pointer}: ${message}` };
    }
  }
}

/** True when a `$ref` into the document itself was left in place (a recursive schema). */
function hasLocalRef(value: unknown, seen = new Set<object>()): boolean {
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  const ref = (value as JsonObject).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/')) return true;
  return Object.values(value).some((child) => hasLocalRef(child, seen));
}
