import type fc from 'fast-check';
import { memberArbitrary } from './_internals/builders/schemaArbitrary.js';
import { rootContext } from './_internals/helpers/context.js';
import type { KnownValues, Schema } from './types.js';

export interface ValueOptions {
  /** Values the target is known to have, by member name or dotted path (default: none). */
  known?: KnownValues;
  /**
   * Dotted path of the value inside its document, e.g. `location` (default `''`, the root).
   * Known values are looked up by `path.member` first, then by bare member name.
   */
  path?: string;
  /** Leave out optional members (default false). */
  omitOptional?: boolean;
  /**
   * A validator of the whole value (e.g. an ajv validate function), used as a filter for the
   * rules generated only in part: `if`/`then`/`else` and `not` beyond const, enum, required,
   * type and properties (default: none).
   */
  validate?: (value: unknown) => boolean;
}

/**
 * Valid values of `schema`, drawn from known values wherever a member has some. A pure
 * function of the schema and the options, so a seed replays the same values.
 */
export function valueFromSchema(schema: Schema, opts: ValueOptions = {}): fc.Arbitrary<unknown> {
  const ctx = rootContext(opts.known, opts.path ?? '', opts.omitOptional ?? false);
  const arb = memberArbitrary(schema, ctx);
  const validate = opts.validate;
  return validate ? arb.filter((v) => validate(v)) : arb;
}
