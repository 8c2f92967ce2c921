/**
 * Requests that mean the same, written another way: by HTTP a header's name is case-insensitive
 * (RFC 9110, 5.1); by URI syntax a percent-encoded unreserved character is that character (RFC
 * 3986, 6.2.2.2); named query parameters mean the same in any order; an ISO 8601 date-time names
 * one instant whatever offset writes it. Each rewriting of a request target (path and query as
 * sent) and the comparison of two answers, for a check that holds them to answer alike.
 */
import type { HeaderCase } from '../client/index.js';
import type { Exchange } from '../model.js';

export type Rewriting =
  /** The query's parameters sorted by these keys (by position, repeating), ties kept in order. */
  | { kind: 'order'; keys: number[] }
  | { kind: 'case'; style: HeaderCase }
  /** Every `every`-th unreserved character of the query's values percent-encoded, in upper or lower hex. */
  | { kind: 'encode'; every: number; upperHex: boolean }
  /** Every date-time of the query's values written at this offset from UTC, in minutes. */
  | { kind: 'offset'; minutes: number };

export type RewritingKind = Rewriting['kind'];

/** A request target (`/v1/x?a=1&b=2`) as its path and its query's `name=value` pairs, raw. */
function split(target: string): { path: string; pairs: string[] } {
  const q = target.indexOf('?');
  return q < 0 ? { path: target, pairs: [] } : { path: target.slice(0, q), pairs: target.slice(q + 1).split('&') };
}
const join = (path: string, pairs: readonly string[]): string => (pairs.length ? `${path}?${pairs.join('&')}` : path);

function reordered(pairs: readonly string[], keys: readonly number[]): string[] {
  const sorted = pairs
    .map((pair, i) => ({ pair, key: keys.length ? keys[i % keys.length]! : 0, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((p) => p.pair);
  // Keys that keep the order are no rewriting: the first parameter goes last instead.
  return sorted.every((p, i) => p === pairs[i]) ? [...pairs.slice(1), pairs[0]!] : sorted;
}

const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/** `raw` (a query value as sent) with every `every`-th unreserved character percent-encoded; escapes kept. */
function encodedValue(raw: string, every: number, upperHex: boolean, counter: { n: number }): string {
  return (raw.match(/%[0-9A-Fa-f]{2}|[\s\S]/gu) ?? [])
    .map((c) => {
      if (!UNRESERVED.test(c) || ++counter.n % every !== 0) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${upperHex ? hex.toUpperCase() : hex.toLowerCase()}`;
    })
    .join('');
}

/** A pair's name and value, each decoded (a `+` in a query is a space). */
function decoded(pair: string): { name: string; value: string } | undefined {
  const eq = pair.indexOf('=');
  try {
    const d = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));
    return eq < 0 ? { name: d(pair), value: '' } : { name: d(pair.slice(0, eq)), value: d(pair.slice(eq + 1)) };
  } catch {
    return undefined;
  }
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(\.\d+)?)?)(Z|[+-]\d{2}:\d{2})$/i;

/** `value`, when an ISO 8601 date-time, written at `minutes` from UTC (the same instant, the same fraction digits). */
function atOffset(value: string, minutes: number): string | undefined {
  const m = DATE_TIME.exec(value);
  const instant = m ? Date.parse(value) : Number.NaN;
  if (!m || Number.isNaN(instant)) return undefined;
  const digits = m[3] ? m[3].length - 1 : 0;
  // Past milliseconds a Date no longer holds the instant.
  if (digits > 3) return undefined;
  const local = new Date(instant + minutes * 60_000).toISOString();
  const seconds = local.slice(11, 19) + (digits ? local.slice(19, 20 + digits) : '');
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const written = `${local.slice(0, 10)}T${seconds}${zone}`;
  return written === value ? undefined : written;
}

function offsetPairs(pairs: readonly string[], minutes: number): string[] {
  return pairs.map((pair) => {
    const p = decoded(pair);
    const moved = p && atOffset(p.value, minutes);
    return moved ? `${pair.slice(0, pair.indexOf('='))}=${encodeURIComponent(moved)}` : pair;
  });
}

/** `target` written per `rewriting`, and the header case it asks for; undefined when it changes nothing there. */
export function rewritten(target: string, r: Rewriting): { target: string; headerCase?: HeaderCase } | undefined {
  if (r.kind === 'case') return { target, headerCase: r.style };
  const { path, pairs } = split(target);
  let next: string[] = [...pairs];
  if (r.kind === 'order') next = new Set(pairs).size > 1 ? reordered(pairs, r.keys) : next;
  if (r.kind === 'encode') {
    const counter = { n: 0 };
    next = pairs.map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : pair.slice(0, eq + 1) + encodedValue(pair.slice(eq + 1), r.every, r.upperHex, counter);
    });
  }
  if (r.kind === 'offset') next = offsetPairs(pairs, r.minutes);
  const written = join(path, next);
  return written === target ? undefined : { target: written };
}

/** Where two JSON values differ, as JSON pointers (`` for the whole value). */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (Object.is(a, b)) return [];
  const both = (v: unknown) => typeof v === 'object' && v !== null;
  if (!both(a) || !both(b) || Array.isArray(a) !== Array.isArray(b)) return [at];
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return [at];
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
  return keys.flatMap((k) => differences(x[k], y[k], `${at}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`));
}

/** Where two answers differ: `status`, or the body's pointers (the text whole when either is not JSON). */
export function answerDifferences(a: Exchange, b: Exchange): string[] {
  if (!a.response || !b.response) return a.response || b.response ? ['status'] : [];
  if (a.response.status !== b.response.status) return ['status'];
  const json = a.response.json !== undefined && b.response.json !== undefined;
  if (json) return differences(a.response.json, b.response.json);
  return a.response.body === b.response.body ? [] : ['body'];
}

/** `differences` that lie outside every place in `noise` (where two sends of one request differ anyway). */
export const beyondNoise = (differ: readonly string[], noise: readonly string[]): string[] =>
  differ.filter((d) => !noise.some((n) => d === n || d.startsWith(`${n}/`) || n === ''));
