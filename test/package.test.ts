/**
 * The package as a partner adds it to its own repository: `npm pack` ships the built
 * JavaScript with types, the specs, the launcher, the license, README, CHANGELOG and the manual
 * (docs/, which error hints name), and nothing of the project's own tests; unpacked into a
 * scratch project it imports with plain Node (no tsx), runs a profile from a vitest test through
 * the programmatic API, and answers as both bin names.
 * Offline: the scratch project sits inside this checkout, so its dependencies resolve from
 * this checkout's node_modules, as they would from the scratch project's own after `npm install`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../harness/paths.js';

const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  license: string;
  private?: boolean;
};
const scratch = mkdtempSync(join(PROJECT_ROOT, '.pack-scratch-'));
const installed = join(scratch, 'node_modules', pkg.name);
let files: string[] = [];

const run = (cmd: string, args: string[], cwd = scratch) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PARTNER_CONFORMANCE_BIN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

beforeAll(() => {
  const out = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], PROJECT_ROOT)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  files = out[0]!.files.map((f) => f.path);
  mkdirSync(installed, { recursive: true });
  run('tar', ['xzf', join(scratch, out[0]!.filename), '-C', installed, '--strip-components=1']);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'partner-repo', private: true, type: 'module' }));
}, 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the package', () => {
  it('is publishable, licensed, and ships only the product', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).not.toBe('UNLICENSED');
    expect(Object.keys(pkg.bin)).toContain(pkg.name);
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'CHANGELOG.md',
        'docs/exit-codes.md',
        'package.json',
        'bin/partner-conformance.js',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/cli/main.js',
        'dist/specs/rules.json',
      ]),
    );
    expect(files.filter((f) => /\.test\.|^test\/|^bench\/|^mutation\/|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual(
      [],
    );
  });

  it('imports with plain Node and runs a profile, giving its summary', () => {
    const script = `import { runConformance } from '${pkg.name}';
const { exitCode, summary } = await runConformance({ families: ['utility'], rules: ['PING-200'], reportDir: 'out' });
console.log(JSON.stringify({ exitCode, outcome: summary.outcome, total: summary.counts.total }));`;
    writeFileSync(join(scratch, 'run.mjs'), script);
    const line = run(process.execPath, ['run.mjs']).trim().split('\n').at(-1)!;
    expect(JSON.parse(line)).toEqual({ exitCode: 0, outcome: 'passed', total: 1 });
  }, 120_000);

  it("runs from a vitest test of the partner's project", () => {
    writeFileSync(
      join(scratch, 'conformance.test.mjs'),
      `import { expect, test } from 'vitest';
import { runConformance } from '${pkg.name}';
test('the reference server keeps PING-200', async () => {
  const { exitCode, summary } = await runConformance({ rules: ['PING-200'], reportDir: 'out-vitest' });
  expect(summary.ruleVerdicts['PING-200'].verdict).toBe('passed');
  expect(exitCode).toBe(0);
}, 60000);
`,
    );
    // The partner's own config (without one, vitest would take this checkout's, an ancestor).
    writeFileSync(join(scratch, 'vitest.config.mjs'), `export default { test: { include: ['*.test.mjs'] } };\n`);
    const out = run(process.execPath, [
      join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--root',
      scratch,
    ]);
    expect(out).toMatch(/1 passed/);
  }, 120_000);

  it('answers as both bin names, from the built JavaScript', () => {
    for (const name of Object.keys(pkg.bin))
      expect(run(process.execPath, [join(installed, pkg.bin[name]!), '--version']).trim()).toBe(pkg.version);
    expect(run(process.execPath, [join(installed, 'bin', 'partner-conformance.js'), 'rules', '--families'])).toMatch(
      /^utility\s+\d+ rules/,
    );
  });
});
