/**
 * The request body size above which a target answers 413. The contract does not show it, so a
 * profile names it (fixture `maxBodyBytes`); the embedded reference server's is documented.
 */
import type { CheckContext } from './context.js';
import { SkipCheck } from './skip.js';

/** reference/core/limits.ts: 1 MiB. */
const REFERENCE_MAX_BODY_BYTES = 1024 * 1024;

export function maxBodyBytes(t: CheckContext): number {
  const pinned = Number(t.target.fixture('maxBodyBytes'));
  if (Number.isInteger(pinned) && pinned > 0) return pinned;
  if (t.config.embedded) return REFERENCE_MAX_BODY_BYTES;
  throw new SkipCheck('fixture maxBodyBytes');
}
