/**
 * Two schemas compared fact by fact, recursively: member names, `type`, `format`, `enum`,
 * `required`, `additionalProperties`, bounds, patterns, alternatives. Each difference is
 * located by a JSON pointer into the value the schemas describe (`/fields`, `/providers/*`).
 */
import type { JsonObject } from '../../harness/contract/types.js';
import { canonical, normalize, plain, SET_KEYWORDS, SUBSCHEMA, SUBSCHEMA_LIST, SUBSCHEMA_MAP } from './normalize.js';
import type { SchemaDifference } from './types.js';
import { isObject } from '../../harness/is-object.js';

/** Deeper than any real document nests; stops a cycle the dereferencer left in place. */
const MAX_DEPTH = 48;

/** Subschemas that describe a child of the value (an item, a map value), not the value itself. */
const CHILD_SEGMENT: Record<string, string> = {
  items: '*',
  additionalProperties: '*',
  unevaluatedProperties: '*',
  contains: '*',
};

export function compareSchemas(ours: unknown, theirs: unknown, pointer = ''): SchemaDifference[] {
  const out: SchemaDifference[] = [];
  walk(ours, theirs, pointer, 0, out);
  return out;
}

function walk(oursRaw: unknown, theirsRaw: unknown, pointer: string, depth: number, out: SchemaDifference[]): void {
  if (depth > MAX_DEPTH) return;
  const ours = normalize(oursRaw);
  const theirs = normalize(theirsRaw);
  if (!isObject(ours) || !isObject(theirs)) {
    if (canonical(ours) !== canonical(theirs))
      out.push({ pointer, keyword: '(schema)', ours: summary(ours), theirs: summary(theirs) });
    return;
  }
  const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])].sort();
  for (const key of keys) keyword(key, ours[key], theirs[key], pointer, depth, out);
}

function keyword(
  key: string,
  ours: unknown,
  theirs: unknown,
  pointer: string,
  depth: number,
  out: SchemaDifference[],
): void {
  if (ours === undefined || theirs === undefined) {
    out.push({ pointer, keyword: key, ours: summary(ours), theirs: summary(theirs) });
  } else if (SUBSCHEMA_MAP.has(key) && isObject(ours) && isObject(theirs)) {
    members(key, ours, theirs, pointer, depth, out);
  } else if (SUBSCHEMA.has(key) && !Array.isArray(ours) && !Array.isArray(theirs)) {
    const child = CHILD_SEGMENT[key] ? `${pointer}/${CHILD_SEGMENT[key]}` : pointer;
    if (isObject(ours) && isObject(theirs)) walk(ours, theirs, child, depth + 1, out);
    else if (canonical(ours) !== canonical(theirs))
      out.push({ pointer, keyword: key, ours: summary(ours), theirs: summary(theirs) });
  } else if (SUBSCHEMA_LIST.has(key) && Array.isArray(ours) && Array.isArray(theirs)) {
    alternatives(key, ours, theirs, pointer, depth, out);
  } else if (SET_KEYWORDS.has(key) && Array.isArray(ours) && Array.isArray(theirs)) {
    const onlyOurs = ours.filter((v) => !theirs.some((t) => plain(t) === plain(v)));
    const onlyTheirs = theirs.filter((v) => !ours.some((o) => plain(o) === plain(v)));
    if (onlyOurs.length + onlyTheirs.length > 0)
      out.push({ pointer, keyword: key, ours: onlyOurs, theirs: onlyTheirs });
  } else if (plain(ours) !== plain(theirs)) {
    out.push({ pointer, keyword: key, ours, theirs });
  }
}

/** Members by name: one only one side has is a difference; common ones are compared. */
function members(
  key: string,
  ours: JsonObject,
  theirs: JsonObject,
  pointer: string,
  depth: number,
  out: SchemaDifference[],
): void {
  const names = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])].sort();
  for (const name of names) {
    const at = key === 'properties' ? `${pointer}/${escapePointer(name)}` : `${pointer}/*`;
    if (!(name in ours) || !(name in theirs)) {
      out.push({
        pointer: at,
        keyword: key,
        ours: name in ours ? summary(ours[name]) : undefined,
        theirs: name in theirs ? summary(theirs[name]) : undefined,
      });
    } else {
      walk(ours[name], theirs[name], at, depth + 1, out);
    }
  }
}

/**
 * Alternatives (`anyOf`, `oneOf`, the `allOf` branches left after merging) as sets: equal ones
 * pair off; the rest pair in order when both sides have as many, else differ as a whole.
 */
function alternatives(
  key: string,
  ours: unknown[],
  theirs: unknown[],
  pointer: string,
  depth: number,
  out: SchemaDifference[],
): void {
  const left = [...ours];
  const right = [...theirs];
  for (let i = left.length - 1; i >= 0; i--) {
    const j = right.findIndex((t) => canonical(t) === canonical(left[i]));
    if (j >= 0) {
      left.splice(i, 1);
      right.splice(j, 1);
    }
  }
  if (left.length === 0 && right.length === 0) return;
  if (left.length !== right.length) {
    out.push({ pointer, keyword: key, ours: left.map(summary), theirs: right.map(summary) });
    return;
  }
  left.forEach((o, i) => {
    walk(o, right[i], pointer, depth + 1, out);
  });
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A short readable form of a schema or value for a report. */
export function summary(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = textOf(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : JSON.parse(safeJson(text));
}

function textOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(textOf).join(',')}]`;
  return isObject(value) ? canonical(value) : plain(value);
}

function safeJson(text: string): string {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return JSON.stringify(text);
  }
}
