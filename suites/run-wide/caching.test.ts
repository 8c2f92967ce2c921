/** The caching oracle on exchanges of its own: what must pass, what must fail, and what it leaves alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TargetContext } from '../../harness/target.js';
import { readsNotStale } from './caching.js';
import { cut, documentsTarget, entry, JSON_TYPE, judge, verdicts } from './journal.test-helpers.js';

let target: TargetContext;
beforeAll(async () => {
  target = await documentsTarget();
});

const RULE = ['ENR-READ-NO-STALE-CACHE'];
const DATE = 'Sun, 01 Mar 2026 10:00:00 GMT';
const READ = '/v1/enrollments/a1?product=ichra&exchange=off_exchange';
const read = (status: string, headers: Record<string, string> = {}) =>
  entry(
    'GET',
    READ,
    200,
    { application_id: 'a1', policy_status: status, updated_at: status },
    {
      ...JSON_TYPE,
      date: DATE,
      ...headers,
    },
  );
const stale = (...entries: Parameters<typeof judge>[3][]) => judge(target, readsNotStale, RULE, ...entries);

describe('a polled answer lets no cache serve it stale', () => {
  it('passes no caching headers, no-cache or no-store beside a lifetime, max-age=0, and a past Expires', () => {
    const findings = stale(
      read('draft'),
      read('draft', { 'cache-control': 'private, no-cache, max-age=600' }),
      read('draft', { 'cache-control': 'no-store' }),
      read('draft', { 'cache-control': 'max-age=0, must-revalidate' }),
      read('draft', { expires: '0' }),
      read('draft', { expires: 'Sun, 01 Mar 2026 09:00:00 GMT' }),
      entry(
        'GET',
        '/v1/reference/counties?zip_code=40202',
        200,
        { counties: [] },
        { 'cache-control': 'max-age=86400' },
      ),
    );
    expect(verdicts(findings)).toEqual([['passed', RULE]]);
    expect(findings[0]!.message).toContain("6 of the run's 7 exchanges judged");
  });

  it('fails a lifetime above 0 (s-maxage too) and an Expires after the Date, by ENR-READ-NO-STALE-CACHE', () => {
    const findings = stale(
      read('draft', { 'cache-control': 'private, max-age=300' }),
      read('draft', { 'cache-control': 'public, s-maxage=60' }),
      read('draft', { expires: 'Sun, 01 Mar 2026 11:00:00 GMT' }),
    );
    expect(findings.map((f) => [f.verdict, f.message])).toEqual([
      ['warning', 'a polled answer a cache may serve stale'],
      ['warning', 'a polled answer a cache may serve stale'],
      ['warning', 'a polled answer a cache may serve stale'],
    ]);
  });

  it('passes an ETag that changes with the state, fails one that outlives it (weak or strong)', () => {
    const fresh = stale(read('draft', { etag: 'W/"1"' }), read('pending_effectuation', { etag: 'W/"2"' }));
    expect(verdicts(fresh)).toEqual([['passed', RULE]]);
    const weak = stale(read('draft', { etag: 'W/"a1"' }), read('pending_effectuation', { etag: 'W/"a1"' }));
    expect(verdicts(weak)).toEqual([['warning', RULE]]);
    expect(weak[0]!.observed).toContain('ETag W/"a1" on other data');
    const strong = stale(read('draft', { etag: '"a1"' }), read('draft', { etag: '"a1"', 'x-extra': '1' }));
    expect(verdicts(strong)).toEqual([['passed', RULE]]);
  });

  it('skips a cut body and no answer with the reason', () => {
    const [finding] = stale(cut(read('draft')), entry('GET', READ, undefined));
    expect(finding).toMatchObject({ verdict: 'skipped' });
    expect(finding!.message).toContain('left alone: 1 with a body cut at the size bound, 1 with no answer');
  });
});
