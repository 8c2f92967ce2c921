/** Small value tests shared by the request validators of the families. */
export type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
export const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
