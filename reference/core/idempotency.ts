/**
 * The Idempotency-Key store of section 8: entries scoped by API key, kept 24 hours by the
 * injectable clock, bounded (least recently used completed entries go first). An entry is
 * `in_flight` from the first call until its response is stored.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_RETENTION_MS, IDEMPOTENCY_STORE_CAP } from './limits.js';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** The body exactly as first sent (serialized JSON), or undefined for an empty body. */
  bodyText: string | undefined;
}

export interface IdempotencyEntry {
  fingerprint: string;
  /** The account whose call made the entry. */
  owner?: string;
  state: 'in_flight' | 'done';
  response?: StoredResponse;
  expiresAt: number;
  /** When the entry was begun or completed (the injectable clock). */
  since: number;
}

/** Same key, same request: method, path and the exact body bytes. */
export function fingerprint(method: string, path: string, raw: Buffer): string {
  return `${method} ${path} ${createHash('sha256').update(raw).digest('base64')}`;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, IdempotencyEntry>();

  constructor(
    private readonly now: () => number,
    private readonly cap = IDEMPOTENCY_STORE_CAP,
    private readonly retentionMs = IDEMPOTENCY_RETENTION_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The live entry for (scope, key), refreshed as most recently used; expired ones are dropped. */
  get(scope: string, key: string): IdempotencyEntry | undefined {
    const id = `${scope}\u0000${key}`;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  begin(scope: string, key: string, print: string): void {
    this.entries.set(`${scope}\u0000${key}`, {
      fingerprint: print,
      state: 'in_flight',
      expiresAt: this.now() + this.retentionMs,
      since: this.now(),
    });
    this.evict();
  }

  complete(scope: string, key: string, print: string, response: StoredResponse, owner?: string): void {
    const id = `${scope}\u0000${key}`;
    this.entries.delete(id);
    this.entries.set(id, {
      fingerprint: print,
      ...(owner === undefined ? {} : { owner }),
      state: 'done',
      response,
      expiresAt: this.now() + this.retentionMs,
      since: this.now(),
    });
    this.evict();
  }

  /** Forget a key whose response must not be stored (e.g. a 429). */
  abandon(scope: string, key: string): void {
    this.entries.delete(`${scope}\u0000${key}`);
  }

  private evict(): void {
    if (this.entries.size <= this.cap) return;
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.cap) return;
      if (entry.state === 'done' || entry.expiresAt <= now) this.entries.delete(id);
    }
    // Only in-flight entries left above the cap: drop the oldest rather than grow without bound.
    for (const id of this.entries.keys()) {
      if (this.entries.size <= this.cap) return;
      this.entries.delete(id);
    }
  }
}
