/**
 * The contract model: what the loaded OpenAPI document says, in a form the checks and
 * generators can use without knowing which document (ours or the provider's) was loaded.
 */

/** A plain JSON object as found in an OpenAPI document. */
export type JsonObject = Record<string, unknown>;

/** A defect of the loaded document; the parts it touches are treated as unspecified. */
export interface ContractDefect {
  /** The operation the defect sits in, when it sits inside one. */
  operationId?: string;
  /** JSON pointer (`#/...`) to where the defect is in the document. */
  pointer: string;
  message: string;
}

export interface ResponseSpec {
  description: string;
  /** Dereferenced OpenAPI header objects, by header name as written. */
  headers: Record<string, JsonObject>;
  /** Dereferenced OpenAPI media type objects, by media type as written. */
  content: Record<string, JsonObject>;
}

export interface Operation {
  operationId: string;
  /** Upper case, e.g. `GET`. */
  method: string;
  /** The path template as written in the document, e.g. `/v1/enrollments/{enrollment_id}`. */
  path: string;
  /** Dereferenced OpenAPI parameter objects; operation-level ones override path-level ones. */
  parameters: JsonObject[];
  /** Dereferenced OpenAPI request body object. */
  requestBody?: JsonObject;
  /** By status as written: `200`, `4XX`, `default`. */
  responses: Record<string, ResponseSpec>;
  /** Security requirements (operation-level, else document-level). */
  security: Record<string, string[]>[];
  /**
   * `x-side-effects: true` in the document: an operation whose method looks safe (a GET) but
   * changes state. Read-only runs refuse it like any non-GET.
   */
  sideEffects?: boolean;
  /** The operation's tags, as the document gives them (ours: the family, `reference`). */
  tags?: string[];
}

export interface ValidationError {
  /** JSON pointer into the body (or `header:<name>`, `content-type`). */
  path: string;
  message: string;
}

/** The request a response answered, so an operation can be found by route when its id is unknown. */
export interface RequestLine {
  method: string;
  /** Absolute URL or path, query allowed. */
  url: string;
}

export type ValidationOutcome =
  | { kind: 'valid' }
  | { kind: 'invalid'; errors: ValidationError[] }
  | { kind: 'undocumented-status'; documented: string[] }
  | { kind: 'unspecified'; reason: string };

/** A parameter with its schema in plain JSON Schema form, for the generators. */
export interface ParameterSchema {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON Schema (OpenAPI 3.0 dialect already converted); undefined when not given or defective. */
  schema?: JsonObject;
  style?: string;
  explode?: boolean;
}

/**
 * A document read, parsed and dereferenced: plain data, which the engine reads once and hands
 * to the workers (RunInputs) so they only compile it (`contractFrom`).
 */
export interface ReadContract {
  /** Path or URL the document was loaded from. */
  source: string;
  /** sha256 (hex) of the raw document text. */
  digest: string;
  /** The document as parsed, its references kept. */
  raw: JsonObject;
  /** Defects found at load time, plus any found later when a schema fails to compile. */
  defects: ContractDefect[];
  /** The dereferenced document; defective parts carry an `x-contract-defect` marker. */
  document: JsonObject;
}

export interface Contract extends ReadContract {
  title: string;
  /** `info.version`. */
  version: string;
  /** The `openapi` field, e.g. `3.1.0`. */
  openapi: string;
  operations: Operation[];
  operation(operationId: string): Operation | undefined;
  /** The operation whose path template matches `concretePath` (query ignored, server prefix optional). */
  match(method: string, concretePath: string): Operation | undefined;
  /**
   * `body`: the parsed JSON for JSON media types (undefined when the body was not JSON), else the
   * text. When the document has no `operationId`, the operation `request` matches by method and
   * URL is used; `unspecified` only when neither finds one.
   */
  validateResponse(
    operationId: string,
    status: number,
    contentType: string | undefined,
    body: unknown,
    request?: RequestLine,
  ): ValidationOutcome;
  /**
   * Documented response headers with schemas: present ones validated, required missing ones reported. Operation lookup
   * as in `validateResponse`.
   */
  validateHeaders(
    operationId: string,
    status: number,
    headers: Record<string, string>,
    request?: RequestLine,
  ): ValidationOutcome;
  /** JSON Schema of the request body for a media type (default `application/json`). */
  requestSchema(operationId: string, contentType?: string): JsonObject | undefined;
  parameterSchemas(operationId: string): ParameterSchema[];
}
