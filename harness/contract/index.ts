/** The contract loader: an OpenAPI document as operations, validators and request schemas. */
export { loadContract } from './load.js';
export { DEFECT_MARKER } from './defects.js';
export { routedOperation, routedValidator } from './routed.js';
export type {
  Contract,
  ContractDefect,
  JsonObject,
  Operation,
  ParameterSchema,
  RequestLine,
  ResponseSpec,
  ValidationError,
  ValidationOutcome,
} from './types.js';
