/**
 * Reading policy-status responses by the provider's document's names
 * (PolicyStatusApplicationsResponse, PolicyStatusApplicationResponse). The prose names none of
 * these members, so another name is read only as a fallback.
 */
import { isObject } from '../../harness/is-object.js';

/** The list's rows: `applications` (the document), else the body's one array member. */
export function policyRowsOf(body: unknown): unknown[] | undefined {
  if (!isObject(body)) return undefined;
  if (Array.isArray(body.applications)) return body.applications;
  const arrays = Object.values(body).filter(Array.isArray);
  return arrays.length === 1 ? arrays[0] : undefined;
}

/** The list's pagination: `pagination` (the document, with limit and offset), else `meta`. */
export function policyPaginationOf(body: unknown): { limit?: unknown; offset?: unknown } | undefined {
  const page = isObject(body) ? (body.pagination ?? body.meta) : undefined;
  return isObject(page) ? page : undefined;
}

/** One application's policy statuses: `policy_statuses` (the document), else `policies`. */
export function policyStatusesOf(body: unknown): unknown[] | undefined {
  if (!isObject(body)) return undefined;
  const list = body.policy_statuses ?? body.policies;
  return Array.isArray(list) ? list : undefined;
}
