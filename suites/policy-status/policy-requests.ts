/**
 * Requests and observations of the policy-status family (4.7, 4.8; alpha). Rows are read by the
 * document's names (policy-status-reader.ts) and compared by their `confirmation_id`: row
 * content may change between reads ("missing data is expected"), a row's id does not.
 */
import type { ApiRequest, CheckContext, Exchange } from '../../harness/suite/index.js';
import { policyPaginationOf, policyRowsOf, policyStatusesOf } from './policy-status-reader.js';

export const LIST = '/v1/policy-status/applications';
export const DEFAULT_LIMIT = 25;

/** A query value, or undefined to leave the parameter out. */
export type Query = Record<string, string | number | undefined>;

/** Fixtures of every list check. */
export const LIST_FIXTURES = ['policyPlanYear'];

/** A valid list query for the fixture plan year; `changes` override (undefined removes) parameters. */
export function listRequest(t: CheckContext, changes: Query = {}, label?: string): ApiRequest {
  return {
    method: 'GET',
    path: LIST,
    query: { exchange: 'on_exchange', plan_year: String(t.fixture('policyPlanYear')), ...changes },
    label,
  };
}

/** A valid single read of `id` (default: fixture confirmationId). */
export function readRequest(
  t: CheckContext,
  changes: Query = {},
  id: string = String(t.fixture('confirmationId')),
  label?: string,
): ApiRequest {
  return {
    method: 'GET',
    path: `${LIST}/${encodeURIComponent(id)}`,
    query: { exchange: 'on_exchange', plan_year: String(t.fixture('policyPlanYear')), ...changes },
    label,
  };
}

/**
 * The rows of a 200 list (named by `rule`) as keys: their `confirmation_id` (the document's row
 * id, by which 4.8 reads one) when every row shows one, else each row whole as text.
 */
export function listRows(t: CheckContext, ex: Exchange, rule: string): string[] {
  t.expect.rules(rule).status(ex, 200);
  const body = t.json<unknown>(ex);
  const rows = policyRowsOf(body);
  t.expect.rules(rule).that(ex, {
    holds: rows !== undefined,
    title: 'no list of rows',
    expected: 'applications: an array of application rows (plus pagination metadata)',
    observed: () => JSON.stringify(body).slice(0, 300),
  });
  return rowKeys(rows!);
}

/** A 200 list shows its pagination (`pagination`, with integer limit and offset). */
export function expectListPagination(t: CheckContext, ex: Exchange, rule: string): void {
  const page = policyPaginationOf(t.json<unknown>(ex));
  t.expect.rules(rule).that(ex, {
    holds: page !== undefined && Number.isInteger(page.limit) && Number.isInteger(page.offset),
    title: 'no pagination metadata',
    expected: 'pagination: {limit, offset} (integers)',
    observed: () => `pagination ${JSON.stringify(page)}`,
  });
}

/** The policy statuses of a 200 single read (named by `rule`). */
export function expectPolicyStatuses(t: CheckContext, ex: Exchange, rule: string): unknown[] {
  const statuses = policyStatusesOf(t.json<unknown>(ex));
  t.expect.rules(rule).that(ex, {
    holds: statuses !== undefined,
    title: 'no policy statuses',
    expected: 'policy_statuses: an array (fields filled when the carrier reports them)',
    observed: () => ex.response!.body.slice(0, 300),
  });
  return statuses!;
}

const idOf = (row: unknown): unknown =>
  typeof row === 'object' && row !== null ? (row as { confirmation_id?: unknown }).confirmation_id : undefined;

/** `confirmation_id` of every row when each shows one (string or number), else each row as JSON text. */
export function rowKeys(rows: readonly unknown[]): string[] {
  const ids = rows.map(idOf);
  return ids.every((id) => typeof id === 'string' || typeof id === 'number')
    ? ids.map(String)
    : rows.map((row) => JSON.stringify(row));
}
