import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.js';

describe('Retry-After', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(' 0 ')).toBe(0);
  });
  it('reads an HTTP-date against the given clock', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-3')).toBeUndefined();
  });
});
