/** `--lanes <n>` of the commands that run the suite many times (mutation, variants). */
import { ConfigError } from '../harness/errors.js';

/** Upper bound on lanes: each holds a vitest worker and a server in memory. */
const MAX_LANES = 8;

export function lanesOf(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_LANES)
    throw new ConfigError('E_USAGE', `--lanes "${raw}" is not a whole number from 1 to ${MAX_LANES}`);
  return n;
}
