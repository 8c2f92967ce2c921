import { describe, expect, test } from 'vitest';
import { reproduceCommand } from './reproduce.js';
import { runConfigFor } from './fake-target.test-helpers.js';

describe('reproduceCommand', () => {
  test('embedded default run: only the rules', () => {
    expect(reproduceCommand({ config: runConfigFor(), rules: ['PING-200'] })).toBe('npx partner-conformance run --rule PING-200');
  });
  test('a remote target by URL without credentials or query, plus profile, spec, strict and seed', () => {
    const config = runConfigFor(
      { embedded: false, runProfile: 'certification', strict: true, specSource: 'https://u:p@api.example.com/openapi.yaml?token=s' },
      { baseUrl: 'https://user:secret@staging.example.com/?k=v' },
    );
    const cmd = reproduceCommand({ config, rules: ['A-B', 'C-D'], seed: 7 });
    expect(cmd).toBe('npx partner-conformance run --rule A-B --rule C-D --base-url https://staging.example.com --spec https://api.example.com/openapi.yaml --profile certification --strict --seed 7');
    expect(cmd).not.toMatch(/secret|token|u:p/);
  });
  test('an embedded run with a fault names the fault', () => {
    expect(reproduceCommand({ config: runConfigFor({ fault: 'ping-no-request-id' }), rules: ['PING-200'] })).toBe('npx partner-conformance run --rule PING-200 --fault ping-no-request-id');
  });
  test("extends the CLI's own command when the run has one (a --target file stays a file)", () => {
    const config = runConfigFor({ embedded: false, command: 'npx partner-conformance run --target specs/profiles/staging.json' });
    expect(reproduceCommand({ config, rules: ['PING-200'], seed: 3 })).toBe('npx partner-conformance run --target specs/profiles/staging.json --rule PING-200 --seed 3');
  });
  test('quotes words a shell would split', () => {
    expect(reproduceCommand({ config: runConfigFor({ specSource: "my specs/it's.yaml" }), rules: ['R-1'] })).toContain(`--spec 'my specs/it'\\''s.yaml'`);
  });
});
