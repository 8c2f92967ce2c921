/**
 * What the generators read (a minimal view of a dereferenced OpenAPI operation) and what they
 * produce (requests, invalid variants). Declared here so generators/ depends on no loader.
 */
import type fc from 'fast-check';

/** A JSON Schema (2020-12 / OpenAPI 3.1) or OpenAPI 3.0 schema object, already dereferenced. */
export interface SchemaObject {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  /** OpenAPI 3.0: `null` is also allowed. */
  nullable?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** Number (3.1) or boolean modifier of minimum (3.0). */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  not?: Schema;
  if?: Schema;
  then?: Schema;
  else?: Schema;
  description?: string;
  default?: unknown;
  /** Out-of-range values are clamped by the target instead of rejected. */
  'x-clamped'?: boolean;
  [keyword: string]: unknown;
}

export type Schema = SchemaObject | boolean;

type ParameterLocation = 'query' | 'path' | 'header' | 'cookie';

/** An OpenAPI parameter object (the members the generators read). */
export interface Parameter {
  name: string;
  in: ParameterLocation;
  required?: boolean;
  description?: string;
  schema?: Schema;
  'x-clamped'?: boolean;
  [member: string]: unknown;
}

/** An OpenAPI request body object (the members the generators read). */
export interface RequestBody {
  required?: boolean;
  content?: Record<string, { schema?: Schema }>;
}

/**
 * A dereferenced OpenAPI operation, as the contract loader hands it over. Parameters and the
 * body are also accepted as plain JSON objects (the loader's form); malformed parameter
 * objects (no name, or no `in`) are ignored.
 */
export interface Operation {
  operationId: string;
  method: string;
  /** Path template, e.g. `/v1/enrollments/{enrollment_id}`. */
  path: string;
  parameters?: readonly (Parameter | Record<string, unknown>)[];
  requestBody?: RequestBody | Record<string, unknown>;
}

/**
 * Values the target is known to have, keyed by property or parameter name (or by dotted body
 * path such as `location.state`, which wins over the bare name). A name with known values is
 * drawn from them only.
 *
 * Linked entries keep related values consistent: an entry whose values are all plain objects
 * is a tuple list, and its key is only a label, e.g.
 * `location: [{ zip_code: '30301', fips_code: '13121', state: 'GA' }]`.
 * Wherever an object (or an operation's parameter list) has a property named in the tuples,
 * one tuple is drawn and every name it carries is set from it. Linked names must be siblings
 * (members of the same object, or parameters of the same operation); a linked entry wins over
 * a single-name entry.
 */
export type KnownValues = Record<string, unknown[]>;

/** A request ready for the client: path filled, every parameter serialised to a string. */
export interface GeneratedRequest {
  operationId: string;
  method: string;
  /** Path with path parameters filled in (URI-encoded). */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  /** Media type of `body`, e.g. `application/json`; absent when there is no body. */
  contentType?: string;
}

export type ConstraintLocation = 'query' | 'path' | 'body' | 'header';

export type Constraint =
  | 'required'
  | 'pattern'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'type'
  | 'format';

/** A request that breaks exactly one named constraint of one parameter or body member. */
export interface InvalidVariant {
  request: GeneratedRequest;
  breaks: {
    location: ConstraintLocation;
    /** Parameter name, or dotted body path such as `location.state`. */
    name: string;
    constraint: Constraint;
  };
  /** One line for reports, e.g. `query parameter limit = 0 is below minimum 1`. */
  description: string;
}

/** A value on one stated bound of one member of a request, inside it or one step outside (boundCases). */
export interface BoundCase {
  in: 'query' | 'path' | 'body';
  /** A parameter's name alone; a body member's path, list items by index. */
  path: readonly (string | number)[];
  /** The member as a report names it: `limit`, `household.applicants[0].age`. */
  member: string;
  side: 'inside' | 'outside';
  /** The bound in words: `maximum 50`, `maxLength 50 (characters)`, `29 February of a leap year`. */
  bound: string;
  /** The value: a text of a stated length is drawn (letters of every UTF-8 width), the rest are constants. */
  value: fc.Arbitrary<unknown>;
}

/** Options shared by the request generators. */
export interface RequestOptions {
  /** Values the target is known to have (default: none). */
  known?: KnownValues;
  /** Leave out optional parameters, optional body members and an optional body (default false). */
  omitOptional?: boolean;
  /**
   * A validator of the request body (e.g. an ajv validate function), used as a filter so that
   * `if`/`then`/`else` and `not` rules the generator handles only in part still hold
   * (default: none, generation is best effort for those keywords).
   */
  validateBody?: (body: unknown) => boolean;
}
