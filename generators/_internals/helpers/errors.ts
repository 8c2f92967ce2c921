/** Errors a contract can cause in the generators, each with a stable code and a fix. */

const GENERATOR_ERROR_CODES = {
  E_SCHEMA_UNSATISFIABLE:
    'The schema admits no value (conflicting allOf, empty enum, minimum above maximum): fix the schema in the ' +
    'OpenAPI document.',
  E_SCHEMA_TOO_DEEP:
    'The schema nests deeper than the generator follows (a recursive $ref with required members): make the ' +
    'recursive member optional.',
  E_NO_INVALID_VARIANT:
    'The operation has no constraint a request can break (no required, pattern, enum, range, length, type or ' +
    'format rule): use validRequest instead.',
} as const;

export type GeneratorErrorCode = keyof typeof GENERATOR_ERROR_CODES;

/** A schema the generators cannot draw from; `where` names the schema path. */
export class GeneratorError extends Error {
  readonly code: GeneratorErrorCode;
  readonly hint: string;
  constructor(code: GeneratorErrorCode, where: string) {
    super(`${code} at ${where || '(root)'}: ${GENERATOR_ERROR_CODES[code]}`);
    this.name = 'GeneratorError';
    this.code = code;
    this.hint = GENERATOR_ERROR_CODES[code];
  }
}
