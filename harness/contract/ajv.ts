/**
 * The ajv instances of one contract: JSON Schema 2020-12 for OpenAPI 3.1 documents, draft-07
 * for 3.0 documents (their schemas are converted to it by dialect.ts). Non-strict, so the
 * annotation keywords OpenAPI adds are ignored instead of rejected.
 */
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type SchemaValidator = InstanceType<typeof Ajv>;

export interface ContractAjv {
  /** Validates bodies. */
  bodies: SchemaValidator;
  /** Validates header values, which arrive as text (`Retry-After: 3` against an integer). */
  headers: SchemaValidator;
}

export function createAjv(openapi: string): ContractAjv {
  return { bodies: makeAjv(openapi, false), headers: makeAjv(openapi, true) };
}

function makeAjv(openapi: string, coerceTypes: boolean): SchemaValidator {
  const options = { strict: false, allErrors: true, logger: false as const, coerceTypes, validateFormats: true };
  const ajv = openapi.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  // OpenAPI formats with no JSON Schema meaning: accept any value instead of warning.
  for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
    if (!ajv.formats[name]) ajv.addFormat(name, true);
  }
  return ajv as SchemaValidator;
}
