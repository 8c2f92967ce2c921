/**
 * Spec-driven fast-check arbitraries: valid values and requests, boundary requests, and
 * invalid variants that each break one named constraint. Everything here is a pure function
 * of the schema (or operation) and the options, so `fc.assert(..., { seed })` replays a run.
 */
export { valueFromSchema } from './valueFromSchema.js';
export { validRequest } from './validRequest.js';
export { boundaryRequests } from './boundaryRequests.js';
export { boundCases, type BoundBase } from './boundCases.js';
export { invalidVariants } from './invalidVariants.js';
export type {
  BoundCase,
  GeneratedRequest,
  InvalidVariant,
  KnownValues,
} from './types.js';
// Domain arbitraries: the contract's values over their whole domain, edges and odd corners.
export { stateCode } from './domain/stateCode.js';
export { zipCode } from './domain/zipCode.js';
export { personName } from './domain/personName.js';
export { householdSize, DEFAULT_MAX_HOUSEHOLD } from './domain/householdSize.js';
export { applicantAge } from './domain/applicantAge.js';
export { birthDate } from './domain/birthDate.js';
export { idempotencyKey } from './domain/idempotencyKey.js';
export { externalId } from './domain/externalId.js';
export { dateTimeAt } from './domain/dateTimeAt.js';
