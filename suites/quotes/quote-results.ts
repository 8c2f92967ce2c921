/** Reading a quote response by the document's names (QuoteResponse). */
import { SkipCheck, type CheckContext, type Exchange } from '../../harness/suite/index.js';

/**
 * The result list of a quote response: `plans` (the document's QuoteResponse; the prose names
 * none), else a member called quotes or results, else the body's one array member.
 */
export function resultsOf(t: CheckContext, ex: Exchange): Array<Record<string, unknown>> {
  const body = t.json<Record<string, unknown>>(ex) ?? {};
  const arrays = Object.entries(body).filter(([, v]) => Array.isArray(v));
  const named = ['plans', 'quotes', 'results']
    .map((name) => arrays.find(([k]) => k === name))
    .find((found) => found !== undefined);
  const list = named?.[1] ?? (arrays.length === 1 ? arrays[0]![1] : undefined);
  if (!Array.isArray(list)) throw new SkipCheck('a quote response with one result list (its member name is not shown)');
  return list as Array<Record<string, unknown>>;
}

type Result = Record<string, unknown>;
const contextOf = (r: Result): Result =>
  typeof r.context === 'object' && r.context !== null ? (r.context as Result) : {};

/** A result's coverage type: `coverage_type` (the document, also in its `context`). */
export const resultCoverageType = (r: Result): unknown => r.coverage_type ?? contextOf(r).coverage_type;

/** A result's market: `context.exchange` (the document), else a top-level `exchange`. */
export const resultExchange = (r: Result): unknown => contextOf(r).exchange ?? r.exchange;
