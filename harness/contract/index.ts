/** The contract loader: an OpenAPI document as operations, validators and request schemas. */
export { contractFrom, loadContract } from './load.js';
export { routedDocument, routedOperation, routedValidator } from './routed.js';
export type { Contract } from './types.js';
