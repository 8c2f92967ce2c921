/**
 * The fixed shape of every check: `(exchange, expectation, scope) => void`, throwing
 * RuleViolation. The scope names the check (its key in table.ts, set when it is bound), the
 * rules it covers and, for schema checks, the loaded contract. Shared helpers for reading an
 * exchange live here too.
 */
import type { Exchange } from '../model.js';
import type { Contract } from '../contract/types.js';
import type { Disagreement } from './disagreements.js';
import type { NoteSink } from './note.js';
import { RuleViolation } from './violation.js';

/** The part of the loaded contract the checks use. */
export type ResponseValidator = Pick<Contract, 'validateResponse'>;

export interface CheckScope {
  /** The check's key in the check table, set by the binder; violations and notes carry it. */
  check: string;
  /** Rule ids the check covers; a violation names them. */
  rules: readonly string[];
  /** Needed by expectSchemaValid only. */
  contract?: ResponseValidator;
  /** specs/disagreements.json: answers only one source allows become notes, not violations. */
  disagreements?: readonly Disagreement[];
  /** Receives non-fatal notes; without one they are dropped (the check still passes). */
  note?: NoteSink;
  /**
   * Told when the check held an exchange to its rules and found nothing to judge against (a
   * schema the loaded document does not give), with what was missing: the exchange proves none
   * of them, and a rule no other exchange proved is skipped with that need, never passed.
   */
  unjudged?: UnjudgedSink;
}

/** Where a bound check says it had nothing to judge an exchange against (see CheckScope.unjudged). */
export type UnjudgedSink = (exchange: Exchange, rules: readonly string[], needs: string) => void;

export type Check<E> = (exchange: Exchange, expectation: E, scope: CheckScope) => void;

type Response = NonNullable<Exchange['response']>;

/** Longest text quoted in a violation, so a huge body does not flood a report. */
const QUOTE_LIMIT = 300;

export function quote(text: string): string {
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}… (${text.length} chars)` : text;
}

export function describeJson(value: unknown): string {
  if (value === undefined) return 'no JSON body';
  return quote(JSON.stringify(value));
}

export function violation(
  scope: CheckScope,
  exchange: Exchange | undefined,
  title: string,
  expected: string,
  observed: string,
): RuleViolation {
  return new RuleViolation({ check: scope.check, rules: scope.rules, title, expected, observed, exchange });
}

/**
 * The response of an exchange, or a violation naming the checked rules when the request
 * got none (timeout, refused, reset): a faulty target is a finding, never a crash.
 */
export function requireResponse(exchange: Exchange, scope: CheckScope): Response {
  if (exchange.response) return exchange.response;
  const observed =
    `no response (${exchange.error ?? 'unknown transport failure'}) ` + `after ${Math.round(exchange.durationMs)} ms`;
  throw violation(scope, exchange, 'no response', 'an HTTP response', observed);
}

/** What an exchange showed, in a line: its status and the start of its body, or why there was none. */
export function observedOf(ex: Exchange): string {
  return ex.response
    ? `status ${ex.response.status}: ${ex.response.body.slice(0, 300)}`
    : `no response (${ex.error ?? 'transport failure'})`;
}

/** Header value by case-insensitive name. */
export function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** Parsed JSON body: the client's parse when it made one, else a best-effort parse of the text. */
export function jsonOf(response: Response): unknown {
  if (response.json !== undefined) return response.json;
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}
