/**
 * A check that cannot run here: what it needs is missing from the target profile or run.
 * Thrown inside a check (e.g. by `t.fixture('planFull')`); verify() reports it `skipped`.
 */
import type { ConfigWarning } from '../errors.js';

export class SkipCheck extends Error {
  /** In the form findings use: `role unapproved`, `fixture planFull`, `writes (read-only run)`. */
  readonly needs: string;
  /** The profile mistake that leaves the check nothing true to judge (W_KEY_TIER), told with the run's. */
  readonly warning?: ConfigWarning;
  constructor(needs: string, warning?: ConfigWarning) {
    super(`needs ${needs}`);
    this.name = 'SkipCheck';
    this.needs = needs;
    if (warning) this.warning = warning;
  }
}

export function isSkipCheck(e: unknown): e is SkipCheck {
  return e instanceof SkipCheck;
}

/** Errors raised while running a check that mean "cannot run here", as a SkipCheck. */
export function asSkip(e: unknown): SkipCheck | undefined {
  if (isSkipCheck(e)) return e;
  const err = e as { code?: unknown; needs?: unknown };
  // The client refuses a key role the profile lacks (E_KEY_ROLE_MISSING) and writes in a
  // read-only run (E_READ_ONLY) before anything is sent: the check is skipped, not failed.
  if (err?.code === 'E_KEY_ROLE_MISSING' && typeof err.needs === 'string') return new SkipCheck(err.needs);
  if (err?.code === 'E_READ_ONLY') return new SkipCheck('writes (read-only run)');
  return undefined;
}
