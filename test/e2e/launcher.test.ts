/**
 * The launcher (bin/partner-conformance.js) never runs a dist/ older than the sources: in a
 * checkout it runs the sources, in an installed package (no sources) the build.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';

const root = mkdtempSync(join(tmpdir(), 'launcher-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A package folder with the real launcher, a dist/ and, when `withSources`, the sources. */
function packageDir(name: string, withSources: boolean): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
  copyFileSync(join(PROJECT_ROOT, 'bin', 'partner-conformance.js'), join(dir, 'bin', 'partner-conformance.js'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'dist', 'cli', 'main.js'), "console.log('dist');\n");
  if (withSources) {
    mkdirSync(join(dir, 'cli'));
    writeFileSync(join(dir, 'cli', 'main.ts'), "const from: string = 'sources';\nconsole.log(from);\n");
  }
  return dir;
}

const launch = (dir: string) =>
  spawnSync(process.execPath, [join(dir, 'bin', 'partner-conformance.js')], { encoding: 'utf8' }).stdout.trim();

describe('the launcher', () => {
  it('runs the sources in a checkout, even beside a dist/ from an earlier build', () => {
    expect(launch(packageDir('checkout', true))).toBe('sources');
  });

  it('runs dist/ in an installed package, which ships no sources', () => {
    expect(launch(packageDir('installed', false))).toBe('dist');
  });
});
