import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_SPEC } from './paths.js';
import { publicSource, reproduceCommand, runCommand, type RunWords } from './reproduce.js';

const embedded: RunWords = {
  embedded: true,
  baseUrl: 'http://127.0.0.1:9',
  specSource: DEFAULT_SPEC,
  runProfile: 'conformance',
  strict: false,
};

describe('runCommand', () => {
  test('embedded default run: no flags; the default spec by any path is not named', () => {
    expect(runCommand(embedded)).toBe('npx partner-conformance run');
    expect(runCommand({ ...embedded, specSource: 'specs/partner-api.yaml' })).toBe('npx partner-conformance run');
  });
  test('a remote target by URL without credentials or query, plus profile, spec and strict', () => {
    const cmd = runCommand({
      embedded: false,
      baseUrl: 'https://user:secret@staging.example.com/?k=v',
      specSource: 'https://u:p@api.example.com/openapi.yaml?token=s',
      runProfile: 'certification',
      strict: true,
    });
    expect(cmd).toBe(
      'npx partner-conformance run --base-url https://staging.example.com --spec ' +
        'https://api.example.com/openapi.yaml --profile certification --strict',
    );
    expect(cmd).not.toMatch(/secret|token|u:p/);
  });
  test('a --target file stays a file; an embedded run names its fault', () => {
    expect(runCommand({ ...embedded, embedded: false, profilePath: 'specs/profiles/staging.json' })).toBe(
      'npx partner-conformance run --target specs/profiles/staging.json',
    );
    expect(runCommand({ ...embedded, fault: 'ping-no-request-id' })).toBe(
      'npx partner-conformance run --fault ping-no-request-id',
    );
    expect(
      runCommand({ ...embedded, fault: 'ping-no-request-id', variants: ['enr-create-200', 'request-id-uuid'] }),
    ).toBe('npx partner-conformance run --fault ping-no-request-id --variant enr-create-200 --variant request-id-uuid');
  });
  test('quotes words a shell would split', () => {
    expect(runCommand({ ...embedded, specSource: "my specs/it's.yaml" })).toContain(`--spec 'my specs/it'\\''s.yaml'`);
  });
});

describe('reproduceCommand', () => {
  test('narrows a run to the rules, family and seed of one check', () => {
    const base = 'npx partner-conformance run --target specs/profiles/staging.json';
    expect(reproduceCommand(base, { rules: ['PING-200'], seed: 3 })).toBe(`${base} --rule PING-200 --seed 3`);
    expect(reproduceCommand(base, { family: 'utility', rules: ['A-B', 'C-D'] })).toBe(
      `${base} --family utility --rule A-B --rule C-D`,
    );
  });
});

describe('publicSource', () => {
  test('a document names no folder of the machine: project-relative, else its file name; a URL without secrets', () => {
    expect(publicSource(DEFAULT_SPEC)).toBe('specs/partner-api.yaml');
    expect(publicSource(join(tmpdir(), 'drafts', 'openapi.json'))).toBe('openapi.json');
    expect(publicSource('/home/someone/partner/spec.yaml')).toBe('spec.yaml');
    expect(publicSource('https://u:p@api.example.com/openapi.yaml?token=s')).toBe(
      'https://api.example.com/openapi.yaml',
    );
  });
});
