/**
 * docs/package.md's install section, done as a partner does it, into a project outside this checkout (so
 * nothing resolves from this checkout's node_modules): from a git URL (npm clones the repository,
 * installs its dependencies and runs `prepare`, which builds dist/ for a git install only) and
 * from a tarball `npm pack` made in a checkout. Both answer as the command, from the built JavaScript. Dependencies
 * come
 * from npm's cache that `npm ci` filled (`--prefer-offline`). The repository is this checkout's
 * last commit.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';

const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const root = mkdtempSync(join(tmpdir(), 'install-'));
const repo = join(root, 'repo');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PARTNER_CONFORMANCE_BIN: '', npm_config_local_prefix: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });

/** A new partner project with `spec` installed as a dev dependency. */
function partnerProject(name: string, spec: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `partner-${name}`, private: true }));
  run('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', spec], dir);
  return dir;
}

const bin = (project: string) => join(project, 'node_modules', '.bin', pkg.name);

beforeAll(() => {
  run('git', ['clone', '--quiet', '--depth', '1', `file://${PROJECT_ROOT}`, repo], root);
}, 60_000);

describe('install as docs/package.md says', () => {
  it('from a git URL: built on install, answers from dist/', () => {
    const project = partnerProject('git', `git+file://${repo}`);
    const installed = join(project, 'node_modules', pkg.name);
    expect(readdirSync(installed)).toContain('dist');
    expect(readdirSync(installed)).not.toContain('cli');
    expect(run(bin(project), ['--version'], project).trim()).toBe(pkg.version);
    expect(run(bin(project), ['rules', '--families'], project)).toMatch(/^utility\s+\d+ rules/);
  }, 300_000);

  it('from a packed tarball, packed in a checkout', () => {
    run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], repo);
    const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', root], repo)) as Array<{
      filename: string;
    }>;
    const project = partnerProject('tarball', join(root, packed[0]!.filename));
    expect(run(bin(project), ['--version'], project).trim()).toBe(pkg.version);
  }, 300_000);
});
