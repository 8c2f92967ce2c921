/**
 * Section 3 has a partner poll the application read until `policy_status` shows an outcome, and
 * 4.9's list follows a status within the asynchronous window: an answer a client polls must not
 * let an HTTP cache (RFC 9111) answer a later poll with the state before. So a read or list of
 * applications states no freshness lifetime, and a validator it carries changes when its data
 * does (else a revalidation, If-None-Match, keeps the old answer). Reference data, quotes and
 * policy status may be cached as their owners choose: no rule speaks of it. A heuristic lifetime
 * (RFC 9111 4.2.2, from Last-Modified) is left out: caches apply it at will, and no header
 * choice of the target's states it.
 */
import { headerOf } from '../../harness/checks/scope.js';
import type { JournalEntry } from '../../harness/model.js';
import type { Invariant, RunWideContext } from '../../harness/suite/run-wide.js';
import { applicationIdOf, applicationRowsOf, policyStatusOf } from '../enrollments/application-reader.js';
import { answerOf, byOperation, isSkipped, type Answer } from './answer.js';
import { isObject } from '../../harness/is-object.js';

const RULE = 'ENR-READ-NO-STALE-CACHE';

/** What of an answer a client polls for, by the operation: a change of it must change a validator. */
const POLLED: Readonly<Record<string, (body: unknown) => unknown>> = {
  getEnrollment: (body) => [policyStatusOf(body), isObject(body) ? body.updated_at : undefined],
  listEnrollments: (body) =>
    (applicationRowsOf(body) ?? []).map((r) => [applicationIdOf(r), r.policy_status, r.updated_at]),
};

/** Cache-Control directives by lower-case name (a value unquoted; `true` for a directive without one). */
function directivesOf(value: string | undefined): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (const part of (value ?? '').split(',')) {
    const [name = '', ...rest] = part.split('=');
    if (name.trim() === '') continue;
    out.set(
      name.trim().toLowerCase(),
      rest.length === 0
        ? true
        : rest
            .join('=')
            .trim()
            .replace(/^"(.*)"$/, '$1'),
    );
  }
  return out;
}

/** Why a cache may reuse the answer without asking (its explicit freshness lifetime), or undefined. */
function freshness(res: Answer, sentAt: string | undefined): string | undefined {
  const cacheControl = headerOf(res.headers, 'cache-control');
  const cc = directivesOf(cacheControl);
  // no-cache with field names lets the rest of the answer be reused; alone, every reuse asks first.
  if (cc.has('no-store') || cc.get('no-cache') === true) return undefined;
  const lifetimes = ['s-maxage', 'max-age'].filter((d) => cc.has(d));
  // An explicit max-age or s-maxage decides, whatever Expires says.
  if (lifetimes.length > 0)
    return lifetimes.some((d) => Number(cc.get(d)) > 0) ? `Cache-Control: ${cacheControl}` : undefined;
  const expires = headerOf(res.headers, 'expires');
  const until = expires === undefined ? Number.NaN : Date.parse(expires);
  const now = Date.parse(headerOf(res.headers, 'date') ?? sentAt ?? '');
  // An Expires that does not parse is in the past (RFC 9111 5.3).
  return until > now ? `Expires: ${expires}, after the answer's Date` : undefined;
}

const opaqueTag = (etag: string): string => etag.replace(/^W\//, '');
const isStrong = (etag: string): boolean => !etag.startsWith('W/');

/**
 * An earlier answer to the same read (the same URL, the same key role) that carried a matching
 * ETag over other data: byte for byte for two strong tags, else the state a client polls for.
 */
function staleValidator(entry: JournalEntry, etag: string, polled: (body: unknown) => unknown, t: RunWideContext) {
  const { exchange } = entry;
  const state = JSON.stringify(polled(exchange.response!.json));
  return t.sentBefore(entry).find((e) => {
    const res = e.exchange.response;
    const other = res?.status === 200 && !e.exchange.truncated ? headerOf(res.headers, 'etag') : undefined;
    if (other === undefined || opaqueTag(other) !== opaqueTag(etag)) return false;
    if (e.exchange.request.method !== 'GET' || e.exchange.request.url !== exchange.request.url) return false;
    if (e.exchange.role !== exchange.role) return false;
    return isStrong(etag) && isStrong(other)
      ? res!.body !== exchange.response!.body
      : JSON.stringify(polled(res!.json)) !== state;
  });
}

export const readsNotStale: Invariant = {
  needs: 'an application read or list answer in the run',
  judge(entry, t) {
    const polled = byOperation(POLLED, t.operationOf(entry));
    if (!polled || entry.exchange.request.method !== 'GET') return [];
    const res = answerOf(entry);
    if (isSkipped(res)) return res;
    if (res.status !== 200) return [];
    const fresh = freshness(res, entry.exchange.startedAt);
    t.expect.rules(RULE).that(entry.exchange, {
      holds: fresh === undefined,
      title: 'a polled answer a cache may serve stale',
      expected:
        'no freshness lifetime (no max-age or s-maxage above 0, no Expires after Date), or no-cache or no-store',
      observed: () => `${fresh}: a cache may answer a later poll with this state`,
    });
    const etag = headerOf(res.headers, 'etag');
    const before = etag === undefined ? undefined : staleValidator(entry, etag, polled, t);
    t.expect.rules(RULE).that(entry.exchange, {
      holds: before === undefined,
      title: 'a validator that outlives the data',
      expected: 'an ETag that changes when the answer does',
      observed: () =>
        `ETag ${etag} on other data than the earlier answer to the same read carrying it (sent by ${before!.check})`,
    });
    return [RULE];
  },
};
