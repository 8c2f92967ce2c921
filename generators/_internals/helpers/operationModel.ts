/** The parts of an operation the generators fill: parameters by location, and one body. */
import type { Operation, Parameter, RequestBody, Schema } from '../../types.js';

export interface ParamSpec {
  /** Record key, `in:name`, so a query and a header parameter may share a name. */
  key: string;
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: Schema;
  parameter: Parameter;
}

interface BodySpec {
  required: boolean;
  contentType: string;
  schema: Schema;
}

export interface OperationModel {
  operation: Operation;
  params: ParamSpec[];
  body?: BodySpec;
}

/** Headers the client sets itself (OpenAPI ignores these as header parameters). */
const CLIENT_HEADERS = new Set(['accept', 'content-type', 'authorization', 'x-api-key']);

function isGenerated(raw: Parameter | Record<string, unknown>): raw is Parameter & { in: ParamSpec['in'] } {
  const p = raw as Partial<Parameter>;
  if (typeof p.name !== 'string') return false;
  if (p.in === 'header') return !CLIENT_HEADERS.has(p.name.toLowerCase());
  return p.in === 'query' || p.in === 'path';
}

/** JSON first (the form every operation of the contract accepts), then any other form. */
function pickContent(content: Record<string, { schema?: Schema }>): [string, Schema] | undefined {
  const types = Object.keys(content);
  const json = types.find((t) => t === 'application/json') ?? types.find((t) => /[/+]json\b/.test(t));
  const chosen = json ?? types.find((t) => content[t]?.schema !== undefined) ?? types[0];
  return chosen === undefined ? undefined : [chosen, content[chosen]?.schema ?? true];
}

export function operationModel(operation: Operation): OperationModel {
  const params = (operation.parameters ?? []).filter(isGenerated).map(
    (p): ParamSpec => ({
      key: `${p.in}:${p.name}`,
      name: p.name,
      in: p.in,
      required: p.in === 'path' || p.required === true,
      schema: p.schema ?? { type: 'string' },
      parameter: p,
    }),
  );
  const requestBody = operation.requestBody as RequestBody | undefined;
  const content = requestBody ? pickContent(requestBody.content ?? {}) : undefined;
  const body = content && { required: requestBody?.required === true, contentType: content[0], schema: content[1] };
  return { operation, params, body };
}
