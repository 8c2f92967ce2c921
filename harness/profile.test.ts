import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTargetProfile, profileFromBaseUrl, referenceProfilePath, withUrlOverrides } from './profile.js';
import type { TargetProfile } from './run-config.js';
import { caughtConfigError as caught } from './errors.test-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const valid = {
  name: 'staging',
  baseUrl: 'https://staging.example.com/',
  legacyBaseUrl: 'https://legacy.example.com',
  readOnly: true,
  requestTimeoutMs: 2000,
  keys: {
    approved: { env: 'PARTNER_KEY_APPROVED', tier: 'high' },
    unapproved: { env: 'PARTNER_KEY_UNAPPROVED', tier: 'low' },
  },
  fixtures: { zipCode: '78701', planYear: 2025, paymentFieldKeys: ['TX', 'OK'], state: 'TX' },
};

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('loadTargetProfile', () => {
  it('loads a valid profile, trimming trailing slashes', () => {
    const profile = loadTargetProfile(file('staging.json', valid));
    expect(profile).toMatchObject({
      name: 'staging',
      baseUrl: 'https://staging.example.com',
      readOnly: true,
      requestTimeoutMs: 2000,
    });
    expect(profile.keys.approved).toEqual({ env: 'PARTNER_KEY_APPROVED', tier: 'high' });
    expect(profile.fixtures.paymentFieldKeys).toEqual(['TX', 'OK']);
  });

  it('names a profile without a name after its file and gives it empty keys and fixtures', () => {
    const profile = loadTargetProfile(file('bare-target.json', { baseUrl: 'http://127.0.0.1:9' }));
    expect(profile).toEqual({ name: 'bare-target', baseUrl: 'http://127.0.0.1:9', keys: {}, fixtures: {} });
  });

  it('a missing file is E_PROFILE_MISSING', () => {
    expect(caught(() => loadTargetProfile(join(dir, 'nope.json'))).code).toBe('E_PROFILE_MISSING');
  });

  it('a file that is not JSON is E_PROFILE_UNREADABLE', () => {
    expect(caught(() => loadTargetProfile(file('bad.json', '{"baseUrl": '))).code).toBe('E_PROFILE_UNREADABLE');
  });

  it.runIf(process.getuid?.() !== 0)('a file that cannot be read is E_PROFILE_UNREADABLE', () => {
    const path = file('locked.json', valid);
    chmodSync(path, 0o000);
    expect(caught(() => loadTargetProfile(path)).code).toBe('E_PROFILE_UNREADABLE');
  });

  it.each([
    ['no baseUrl', { ...valid, baseUrl: undefined }, /\/ must have required property 'baseUrl'/],
    ['a non-http baseUrl', { ...valid, baseUrl: 'ftp://x.example' }, /\/baseUrl must match pattern/],
    [
      'an unknown tier',
      { ...valid, keys: { approved: { env: 'PARTNER_KEY_APPROVED', tier: 'huge' } } },
      /\/keys\/approved\/tier must be equal to one of the allowed values \(low, medium, high\)/,
    ],
    [
      'a lower-case variable name',
      { ...valid, keys: { approved: { env: 'partner_key', tier: 'low' } } },
      /\/keys\/approved\/env must match pattern/,
    ],
    ['a timeout that is not a positive integer', { ...valid, asyncTimeoutMs: 0 }, /\/asyncTimeoutMs must be >= 1/],
    [
      'an unknown top-level member',
      { ...valid, baseURL: 'http://x' },
      /must NOT have additional properties \(baseURL\)/,
    ],
  ])('%s is E_PROFILE_INVALID with the schema path', (_what, profile, message) => {
    const error = caught(() => loadTargetProfile(file('invalid.json', profile)));
    expect(error.code).toBe('E_PROFILE_INVALID');
    expect(error.message).toMatch(message);
  });

  it('refuses a key value stored in the profile without repeating it', () => {
    const secret = 'sk_live_canary_0123456789';
    const error = caught(() =>
      loadTargetProfile(
        file('leaky.json', {
          ...valid,
          keys: { approved: { env: 'PARTNER_KEY_APPROVED', tier: 'low', value: secret } },
        }),
      ),
    );
    expect(error.code).toBe('E_PROFILE_INVALID');
    expect(error.message).toContain('/keys/approved must NOT have additional properties (value)');
    expect(error.format()).not.toContain(secret);
  });

  it('the reference profile path points into specs/profiles', () => {
    expect(referenceProfilePath()).toMatch(/specs\/profiles\/reference\.json$/);
  });

  it('the shipped reference profile loads', () => {
    const profile = loadTargetProfile(referenceProfilePath());
    expect(profile.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1/);
    expect(Object.keys(profile.keys)).toContain('approved');
  });

  // The CI workflows point at these examples; a reader of docs/ copies them.
  it.each([
    ['staging', false],
    ['certification', false],
    ['production', true],
  ])('the example %s profile loads (readOnly %s)', (name, readOnly) => {
    const profile = loadTargetProfile(referenceProfilePath().replace('reference.json', `${name}.json`));
    expect(profile.readOnly).toBe(readOnly);
    expect(profile.keys.approved?.env).toBe('PARTNER_KEY_APPROVED');
  });
});

describe('profileFromBaseUrl', () => {
  it.each([
    ['staging.example.com'],
    ['/v1'],
    ['ftp://example.com'],
    ['file:///etc/passwd'],
    ['https://user:pw@example.com'],
  ])('%s is E_BASE_URL_INVALID', (url) => {
    expect(caught(() => profileFromBaseUrl(url)).code).toBe('E_BASE_URL_INVALID');
  });

  it(
    'builds a bare profile with conventional key variables paced at the low tier (assumed, not stated) and no ' +
      'fixtures',
    () => {
      const profile = profileFromBaseUrl('https://staging.example.com:8443/');
      expect(profile).toMatchObject({
        name: 'staging.example.com:8443',
        baseUrl: 'https://staging.example.com:8443',
        fixtures: {},
      });
      expect(profile.keys.approved).toEqual({ env: 'PARTNER_KEY_APPROVED', tier: 'low', tierStated: false });
    },
  );

  it('points a base profile at the new URL; its other URLs follow only if they were the same host', () => {
    const base: TargetProfile = {
      name: 'reference',
      baseUrl: 'http://127.0.0.1:8080',
      legacyBaseUrl: 'http://127.0.0.1:8080/',
      medicareBaseUrl: 'http://127.0.0.1:9090',
      keys: { approved: { env: 'A_KEY', tier: 'high' } },
      fixtures: { zipCode: '78701' },
    };
    const profile = profileFromBaseUrl('http://127.0.0.1:7000', base);
    expect(profile).toMatchObject({
      name: 'reference',
      baseUrl: 'http://127.0.0.1:7000',
      legacyBaseUrl: 'http://127.0.0.1:7000',
      medicareBaseUrl: 'http://127.0.0.1:9090',
    });
    expect(profile.keys).toBe(base.keys);
    expect(base.baseUrl).toBe('http://127.0.0.1:8080');
  });
});

describe('URLs from the command line over the profile', () => {
  const base: TargetProfile = {
    name: 'staging',
    baseUrl: 'https://staging.example.com',
    medicareBaseUrl: 'https://medicare.example.com',
    keys: { approved: { env: 'A_KEY', tier: 'high' } },
    fixtures: { zipCode: '78701' },
  };

  it('each given URL replaces the profile’s, the rest of the profile kept', () => {
    const profile = withUrlOverrides(base, {
      baseUrl: 'https://pr-42.preview.example.com/',
      legacyBaseUrl: 'https://legacy-pr-42.example.com',
    });
    expect(profile).toMatchObject({
      baseUrl: 'https://pr-42.preview.example.com',
      legacyBaseUrl: 'https://legacy-pr-42.example.com',
      medicareBaseUrl: 'https://medicare.example.com',
      fixtures: { zipCode: '78701' },
    });
    expect(base.baseUrl).toBe('https://staging.example.com');
  });

  it('is checked as --base-url is, naming the flag', () => {
    const error = caught(() => withUrlOverrides(base, { medicareBaseUrl: 'https://medicare.example.com/v1' }));
    expect(error.code).toBe('E_BASE_URL_HAS_V1');
    expect(error.message).toContain('--medicare-base-url');
    expect(caught(() => withUrlOverrides(undefined, { legacyBaseUrl: 'https://x.example.com' })).code).toBe(
      'E_FLAGS_CONFLICT',
    );
  });
});

describe('profile URLs naming environment variables', () => {
  const restore = { url: process.env.PREVIEW_HOST, hook: process.env.HOOK_URL };
  afterAll(() => {
    for (const [name, value] of [
      ['PREVIEW_HOST', restore.url],
      ['HOOK_URL', restore.hook],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it('replaces ${NAME} in the URLs with the variable’s value', () => {
    process.env.PREVIEW_HOST = 'pr-7.preview.example.com';
    process.env.HOOK_URL = 'https://hooks.example.com/pr-7';
    const profile = loadTargetProfile(
      file('interpolated.json', {
        ...valid,
        baseUrl: 'https://${PREVIEW_HOST}/partner-api',
        webhookReceiver: { publicUrl: '${HOOK_URL}' },
      }),
    );
    expect(profile.baseUrl).toBe('https://pr-7.preview.example.com/partner-api');
    expect(profile.webhookReceiver?.publicUrl).toBe('https://hooks.example.com/pr-7');
  });

  it('an unset variable is E_PROFILE_VARIABLE_UNSET, naming the field and the variable', () => {
    delete process.env.PREVIEW_HOST;
    const error = caught(() => loadTargetProfile(file('unset.json', { ...valid, baseUrl: 'https://${PREVIEW_HOST}' })));
    expect(error.code).toBe('E_PROFILE_VARIABLE_UNSET');
    expect(error.message).toContain('/baseUrl names ${PREVIEW_HOST}, which is not set');
  });

  it('replaces ${NAME} in the name too: reports never show it literally', () => {
    process.env.PREVIEW_HOST = 'pr-7';
    expect(loadTargetProfile(file('named.json', { ...valid, name: 'preview ${PREVIEW_HOST}' })).name).toBe(
      'preview pr-7',
    );
  });

  it('refuses $NAME without braces and ${NAME} where the profile reads none (E_PROFILE_VARIABLE_SYNTAX)', () => {
    const bare = caught(() => loadTargetProfile(file('bare.json', { ...valid, baseUrl: 'https://$PREVIEW_HOST' })));
    expect(bare.code).toBe('E_PROFILE_VARIABLE_SYNTAX');
    expect(bare.message).toContain('/baseUrl (a $NAME without braces)');
    const placed = { ...valid, fixtures: { zipCode: '${ZIP}' }, description: 'costs $5 a run' };
    const error = caught(() => loadTargetProfile(file('placed.json', placed)));
    expect(error.code).toBe('E_PROFILE_VARIABLE_SYNTAX');
    expect(error.message).toContain('/fixtures/zipCode (a ${NAME} here is not read)');
    expect(error.message).not.toContain('/description');
    expect(error.hint).toContain('with braces');
  });

  it('never reads a key from ${NAME}: a key role names its variable in env', () => {
    const profile = { ...valid, keys: { approved: { env: '${PARTNER_KEY_APPROVED}', tier: 'high' } } };
    expect(caught(() => loadTargetProfile(file('key-var.json', profile))).code).toBe('E_PROFILE_INVALID');
  });
});
