/** README's exit-code table is the table of harness/exit-codes.ts, row for row. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_LIST, EXIT_CODES } from '../harness/exit-codes.js';
import { PROJECT_ROOT } from '../harness/paths.js';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('## Reading the report'));

/** The table as README must show it (printed by a failure, to paste). */
const table = [
  '| code | name | meaning | what to do | whose |',
  '|---|---|---|---|---|',
  ...EXIT_CODE_LIST.map((code) => {
    const spec = EXIT_CODES[code];
    return `| ${code} | ${spec.name} | ${spec.meaning} | ${spec.action} | ${spec.route} |`;
  }),
].join('\n');

describe('README, "Exit codes"', () => {
  it('shows the table of harness/exit-codes.ts', () => {
    expect(section, `README's exit-code table should read:\n${table}`).toContain(`${table}\n`);
  });
});
