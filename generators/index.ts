/**
 * Spec-driven fast-check arbitraries: valid values and requests, boundary requests, and
 * invalid variants that each break one named constraint. Everything here is a pure function
 * of the schema (or operation) and the options, so `fc.assert(..., { seed })` replays a run.
 */
export { valueFromSchema, type ValueOptions } from './valueFromSchema.js';
export { validRequest } from './validRequest.js';
export { boundaryValues } from './boundaryValues.js';
export { boundaryRequests } from './boundaryRequests.js';
export { invalidVariants } from './invalidVariants.js';
export { invalidRequest } from './invalidRequest.js';
export { GeneratorError, GENERATOR_ERROR_CODES, type GeneratorErrorCode } from './_internals/helpers/errors.js';
export type {
  Constraint,
  ConstraintLocation,
  GeneratedRequest,
  InvalidVariant,
  KnownValues,
  Operation,
  Parameter,
  ParameterLocation,
  RequestBody,
  RequestOptions,
  Schema,
  SchemaObject,
} from './types.js';
// Domain arbitraries: the contract's values over their whole domain, edges and odd corners.
export { stateCode, type StateCodeOptions } from './domain/stateCode.js';
export { zipCode, type ZipCodeKind, type ZipCodeOptions } from './domain/zipCode.js';
export { personName, type PersonNameOptions } from './domain/personName.js';
export { householdSize, DEFAULT_MAX_HOUSEHOLD, type HouseholdSizeOptions } from './domain/householdSize.js';
export { applicantAge, AGE_EDGES, type ApplicantAgeOptions } from './domain/applicantAge.js';
export { birthDate, type BirthDateOptions } from './domain/birthDate.js';
export {
  idempotencyKey,
  IDEMPOTENCY_KEY_ALPHABET,
  IDEMPOTENCY_KEY_LENGTH,
  type IdempotencyKeyOptions,
} from './domain/idempotencyKey.js';
export { externalId, type ExternalIdOptions } from './domain/externalId.js';
