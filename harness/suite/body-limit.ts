/**
 * The request body size above which a target answers 413. The contract does not show it, so a
 * profile names it (fixture `maxBodyBytes`; the reference server's, 1 MiB, is in its own profile):
 * a check that needs it declares it.
 */
import type { CheckContext } from './context.js';

export const maxBodyBytes = (t: CheckContext): number => t.fixture<number>('maxBodyBytes');
