/**
 * Mechanisms with one owner stay that way: a key variable is read only by the client's KeyRing,
 * and requests are sent as a race only through race.ts `sendConcurrently`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../harness/paths.js';

/** Source files (tests and test helpers aside) of the layers a run goes through. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'out' ? [] : sources(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$|test-helpers|test-server/.test(e.name) ? [path] : [];
  });
}

const FILES = ['harness', 'engine', 'cli', 'mutation', 'reports', 'suites'].flatMap((d) =>
  sources(join(PROJECT_ROOT, d)),
);
const where = (pattern: RegExp) =>
  FILES.filter((f) => pattern.test(readFileSync(f, 'utf8'))).map((f) =>
    relative(PROJECT_ROOT, f).split('\\').join('/'),
  );

/** Indexing an environment by a key reference's variable name: `env[ref.env]`. */
const READS_KEY_VARIABLE = /\[\s*[\w.]+\.env\s*\]/;
/** Marking requests as a race, or sending a list of them at once by hand. */
const RACES = /\basRace\(|Promise\.all\([^)]*\.map\(\s*send\b/;

describe('one owner per mechanism', () => {
  it('the patterns catch what they are for', () => {
    expect(READS_KEY_VARIABLE.test('const value = env[ref.env];')).toBe(true);
    expect(READS_KEY_VARIABLE.test('process.env[profile.keys.approved.env]')).toBe(true);
    expect(READS_KEY_VARIABLE.test('env[name] = value;')).toBe(false);
    expect(RACES.test('Promise.all(reqs.map(send))')).toBe(true);
    expect(FILES.length).toBeGreaterThan(100);
  });

  it('a key variable is read only in harness/client/keys.ts', () => {
    expect(where(READS_KEY_VARIABLE)).toEqual(['harness/client/keys.ts']);
  });

  it('requests go out together only through sendConcurrently in harness/client/race.ts', () => {
    expect(where(RACES)).toEqual(['harness/client/race.ts']);
  });
});
