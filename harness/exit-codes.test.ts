import { describe, expect, it } from 'vitest';
import { EXIT_CODES, runExitCode, type RunEnding } from './exit-codes.js';

describe('runExitCode', () => {
  it.each<[RunEnding, number]>([
    [{ outcome: 'passed' }, 0],
    [{ outcome: 'failed' }, 1],
    [{ outcome: 'empty' }, 2],
    [{ outcome: 'unusable' }, 3],
    [{ outcome: 'blocked' }, 4],
    [{ outcome: 'blocked', onlySetupBlocked: true }, 6],
    [{ outcome: 'incomplete' }, 7],
    [{ outcome: 'degraded' }, 10],
    [{ outcome: 'failed', transportBlock: 5 }, 5],
    [{ outcome: 'incomplete', transportBlock: 4 }, 7],
    [{ outcome: 'unusable', preflightStop: 9 }, 9],
    [{ outcome: 'failed', interrupted: true }, 130],
  ])('%j exits %i', (run, code) => {
    expect(runExitCode(run)).toBe(code);
    expect(Object.hasOwn(EXIT_CODES, code)).toBe(true);
  });
});
