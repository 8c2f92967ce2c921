/** One difference between two OpenAPI documents, as the comparison reports it. */

/**
 * What differs. `operation`: an operation (method + path) one document lacks, or another id;
 * `status`: a status one side documents; `defect`: a response one side cannot resolve;
 * `media-type`: a body media type one side documents; `parameter`, `request-shape`,
 * `response-shape`, `header`: a fact of a parameter, request body or response body schema,
 * or a response header.
 */
export type DifferenceKind =
  | 'operation'
  | 'status'
  | 'defect'
  | 'media-type'
  | 'parameter'
  | 'request-shape'
  | 'response-shape'
  | 'header';

export interface Difference {
  kind: DifferenceKind;
  /** The operationId (ours when both have one), else `METHOD path`. */
  operationId: string;
  method: string;
  path: string;
  /** The response status, for `status`, `defect`, `media-type` of a response, `response-shape` and `header`. */
  status?: string;
  /** Where in the operation: `request application/json`, `parameter query limit`, `response header Retry-After`... */
  where: string;
  /** JSON pointer into the body (or parameter value) the fact applies to; `*` is any array index or map key. */
  pointer: string;
  /** The schema keyword that differs (`type`, `required`, `properties`...), when a schema fact differs. */
  keyword?: string;
  /** Our value; undefined when our document does not have it. */
  ours: unknown;
  /** Their value; undefined when their document does not have it. */
  theirs: unknown;
}

/** A difference inside one schema, before it is placed in an operation. */
export interface SchemaDifference {
  pointer: string;
  keyword: string;
  ours: unknown;
  theirs: unknown;
}
