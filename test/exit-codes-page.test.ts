/**
 * docs/exit-codes.md names every stable error code, and every preflight cause with its exit code
 * (its table is EXIT_CODES, written by npm run docs: test/docs.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../harness/errors.js';
import { PROJECT_ROOT } from '../harness/paths.js';
import { PREFLIGHT_CAUSES } from '../engine/preflight.js';

const section = readFileSync(join(PROJECT_ROOT, 'docs', 'exit-codes.md'), 'utf8');
// Refused inside a run (a finding), never an exit of its own.
const NOT_AN_EXIT = new Set(['E_READ_ONLY']);

describe('docs/exit-codes.md', () => {
  it.each(Object.keys(ERROR_CODES).filter((c) => !NOT_AN_EXIT.has(c)))('names %s', (code) => {
    expect(section).toContain(`\`${code}\``);
  });

  it.each(PREFLIGHT_CAUSES.map((c) => [c.code, c.exitCode] as const))(
    '%s is listed with exit %i, which has a row of the table',
    (code, exit) => {
      expect(section).toMatch(new RegExp(`\\| ${exit} \\|`));
      expect(section).toMatch(new RegExp(`Exit ${exit}:[^.]*\`${code}\`|exit ${exit}:[^.]*\`${code}\``));
    },
  );
});
