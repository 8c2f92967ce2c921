/**
 * Requests and observations of the policy-status family (4.7, 4.8; alpha). Row and metadata
 * field names are not shown in the contract, so a list's rows are the body's one array member
 * and rows are compared whole.
 */
import type { ApiRequest, CheckContext, Exchange } from '../../harness/suite/index.js';

export const LIST = '/v1/policy-status/applications';
export const DEFAULT_LIMIT = 25;

/** A query value, or undefined to leave the parameter out. */
export type Query = Record<string, string | number | undefined>;

/** Fixtures of every list check. */
export const LIST_FIXTURES = ['policyPlanYear'];

/** A valid list query for the fixture plan year; `changes` override (undefined removes) parameters. */
export function listRequest(t: CheckContext, changes: Query = {}, label?: string): ApiRequest {
  return { method: 'GET', path: LIST, query: { exchange: 'on_exchange', plan_year: String(t.fixture('policyPlanYear')), ...changes }, label };
}

/** A valid single read of `id` (default: fixture confirmationId). */
export function readRequest(t: CheckContext, changes: Query = {}, id: string = String(t.fixture('confirmationId')), label?: string): ApiRequest {
  return { method: 'GET', path: `${LIST}/${encodeURIComponent(id)}`, query: { exchange: 'on_exchange', plan_year: String(t.fixture('policyPlanYear')), ...changes }, label };
}

/** The rows of a 200 list (named by `rule`): the body's one array member, compared as text. */
export function listRows(t: CheckContext, ex: Exchange, rule: string): string[] {
  t.expect.rules(rule).status(ex, 200);
  const body = t.json<Record<string, unknown>>(ex);
  const arrays = Object.values(body ?? {}).filter(Array.isArray);
  t.expect.rules(rule).that(ex, {
    holds: arrays.length === 1,
    title: 'no single list of rows',
    expected: 'an object with one array of application rows (plus pagination metadata)',
    observed: () => JSON.stringify(body).slice(0, 300),
  });
  return (arrays[0] as unknown[]).map((row) => JSON.stringify(row));
}
