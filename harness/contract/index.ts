/** The contract loader: an OpenAPI document as operations, validators and request schemas. */
export { loadContract } from './load.js';
export { DEFECT_MARKER } from './defects.js';
export type {
  Contract,
  ContractDefect,
  JsonObject,
  Operation,
  ParameterSchema,
  ResponseSpec,
  ValidationError,
  ValidationOutcome,
} from './types.js';
