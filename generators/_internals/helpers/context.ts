/** What a builder needs besides the schema: known values and where it is in the value. */
import type { KnownValues } from '../../types.js';
import { GeneratorError } from './errors.js';

export interface GenContext {
  known: KnownValues;
  /** Dotted path of the value being built (`''` at the root). */
  path: string;
  /** Leave out optional members. */
  requiredOnly: boolean;
  /** Never generate null (parameters cannot carry it). */
  noNull: boolean;
  depth: number;
}

/** Depth from which optional members are left out, so recursive schemas end (default 6). */
const OPTIONAL_DEPTH = 6;
/** Depth at which generation gives up (default 16). */
const MAX_DEPTH = 16;

export function rootContext(known: KnownValues = {}, path = '', requiredOnly = false, noNull = false): GenContext {
  return { known, path, requiredOnly, noNull, depth: 0 };
}

/** The context of member `name` (`[]` for array items). */
export function childContext(ctx: GenContext, name: string): GenContext {
  const depth = ctx.depth + 1;
  if (depth > MAX_DEPTH) throw new GeneratorError('E_SCHEMA_TOO_DEEP', ctx.path);
  const path = name === '[]' ? `${ctx.path}[]` : ctx.path ? `${ctx.path}.${name}` : name;
  return { ...ctx, path, depth, requiredOnly: ctx.requiredOnly || depth >= OPTIONAL_DEPTH };
}

/** Last member name of a dotted path. */
export function lastName(path: string): string {
  return path.split('.').pop() ?? '';
}
