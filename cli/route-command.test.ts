/**
 * `route <code>`: every exit code routes as what it is. Only a passed run (0) reads as success;
 * a run stopped by Ctrl-C (130) tested the target only in part and fails the job like an
 * incomplete one, unless the caller lists it in --warn.
 */
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_LIST, EXIT_CODES } from '../harness/exit-codes.js';
import { routeCommand } from './route-command.js';

async function route(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const saved = process.env.GITHUB_ACTIONS;
  delete process.env.GITHUB_ACTIONS;
  try {
    const code = await routeCommand(argv, { out: { write: (s: string) => (out += s) }, err: { write: () => true } });
    return { code, out };
  } finally {
    if (saved !== undefined) process.env.GITHUB_ACTIONS = saved;
  }
}

describe('route', () => {
  it('fails the job for every exit code but 0', async () => {
    for (const code of EXIT_CODE_LIST)
      expect((await route([String(code)])).code, String(code)).toBe(code === 0 ? 0 : 1);
    expect(EXIT_CODE_LIST.filter((code) => EXIT_CODES[code].route === 'none')).toEqual([0]);
  });

  it('routes 130 as an interrupted run the owner of the setup must run again, never as success', async () => {
    const { code, out } = await route(['130']);
    expect(code).toBe(1);
    expect(out).toContain('exit 130 (interrupted)');
    expect(EXIT_CODES[130].route).toBe('setup');
    expect((await route(['130', '--warn', '130'])).code).toBe(0);
  });
});
