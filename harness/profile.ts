/**
 * Target profiles: where the target is, which environment variables hold its keys, and the
 * fixtures it is known to have. Every way a profile can be wrong is a ConfigError with a code;
 * no message ever contains a key value (only variable names and schema paths). The variables
 * themselves are read by the client's KeyRing (client/keys.ts) only.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ConfigError } from './errors.js';
import { rolesSet } from './client/keys.js';
import { checkProfileNames } from './profile-names.js';
import { KEY_ROLES } from './profile-vocabulary.js';
import { looksLikeSecret, VARIABLE_NAME } from './secret-shape.js';
import type { KeyRef, TargetProfile } from './run-config.js';

/** Shown per invalid profile; the rest are summarised by count. */
const MAX_REPORTED_ERRORS = 5;

/**
 * Key roles assumed for a bare `--base-url` target: the conventional variable names, at the
 * contract's default tier (low), so a target of unknown tier is never pushed into 429s.
 */
const CONVENTIONAL_KEYS: Readonly<Record<string, KeyRef>> = Object.fromEntries(
  (['approved', 'unapproved', 'medicare'] as const).map((role) => [
    role,
    { env: KEY_ROLES[role].env, tier: 'low', tierStated: false },
  ]),
);

export function referenceProfilePath(): string {
  return fileURLToPath(new URL('../specs/profiles/reference.json', import.meta.url));
}

export function profileSchemaPath(): string {
  return fileURLToPath(new URL('../specs/target-profile.schema.json', import.meta.url));
}

/**
 * Profile strings that may name environment variables as `${NAME}`: what varies per deploy (a
 * preview URL, the receiver's public address, the name reports show). Never a key: keys stay
 * variable names in `env`.
 */
const INTERPOLATED: ReadonlyArray<readonly string[]> = [
  ['name'],
  ['baseUrl'],
  ['legacyBaseUrl'],
  ['medicareBaseUrl'],
  ['caFile'],
  ['webhookReceiver', 'publicUrl'],
];

/** `$NAME` without braces: taken as written, it would be sent to DNS (a URL) or shown (a name). */
const BARE_VARIABLE = /\$(?!\{)[A-Za-z_][A-Za-z0-9_]*/;

/**
 * Every string of the profile that names a variable where none is read (`${NAME}` outside
 * INTERPOLATED) or names one without braces (`$NAME`): `/fixtures/zipCode`, each a mistake the
 * run would otherwise take literally.
 */
function misplacedVariables(data: unknown, at: readonly string[] = []): string[] {
  if (typeof data === 'string') {
    const interpolatedHere = INTERPOLATED.some((p) => p.length === at.length && p.every((k, i) => k === at[i]));
    const braced = /\$\{[^}]*\}/.test(data);
    return BARE_VARIABLE.test(data) || (braced && !interpolatedHere)
      ? [`/${at.join('/')} (${BARE_VARIABLE.test(data) ? 'a $NAME without braces' : 'a ${NAME} here is not read'})`]
      : [];
  }
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>).flatMap(([k, v]) =>
    // A key's variable is named in `env`, never interpolated: its shape is checked with the keys.
    k === 'env' ? [] : misplacedVariables(v, [...at, k]),
  );
}

/** `data` with each `${NAME}` of the INTERPOLATED strings replaced by its variable's value. */
function interpolated(path: string, data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  const misplaced = misplacedVariables(data);
  if (misplaced.length > 0)
    throw new ConfigError(
      'E_PROFILE_VARIABLE_SYNTAX',
      `target profile ${path}: ${misplaced.join(', ')}: the run would take it as it is written`,
    );
  const out = structuredClone(data) as Record<string, unknown>;
  for (const at of INTERPOLATED) {
    const parent = at
      .slice(0, -1)
      .reduce<Record<string, unknown> | undefined>(
        (node, key) =>
          node?.[key] !== null && typeof node?.[key] === 'object' ? (node[key] as Record<string, unknown>) : undefined,
        out,
      );
    const key = at.at(-1)!;
    const value = parent?.[key];
    if (typeof value !== 'string') continue;
    parent![key] = value.replace(/\$\{([^}]*)\}/g, (_m, name: string) => {
      const set = VARIABLE_NAME.test(name) ? process.env[name] : undefined;
      if (set === undefined || set === '')
        throw new ConfigError(
          'E_PROFILE_VARIABLE_UNSET',
          `target profile ${path}: /${at.join('/')} names ` +
            `\${${name}}, ${VARIABLE_NAME.test(name) ? 'which is not set' : 'which is not a variable name'}`,
        );
      return set;
    });
  }
  return out;
}

/** How `partner-conformance init` marks a value only the profile's owner knows: `"FILL: a 5-digit ZIP code, …"`. */
export const FILL_PREFIX = 'FILL: ';

/** JSON pointers of the values still marked to fill, in document order. */
function unfilled(data: unknown, at = ''): string[] {
  if (typeof data === 'string') return data.startsWith(FILL_PREFIX) ? [at || '/'] : [];
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([key, value]) => unfilled(value, `${at}/${key}`));
}

/** A profile `init` wrote and nobody finished is refused whole, naming every value left, before the schema speaks. */
function checkFilled(path: string, data: unknown): void {
  const left = unfilled(data);
  if (left.length > 0)
    throw new ConfigError(
      'E_PROFILE_UNFILLED',
      `target profile ${path} still has ${left.length} value${left.length === 1 ? '' : 's'} to fill: ` +
        left.join(', '),
    );
}

export function loadTargetProfile(path: string): TargetProfile {
  const data = interpolated(path, parseProfile(path));
  checkFilled(path, data);
  // Names first: an unknown role or fixture gets a did-you-mean, not only a schema path.
  checkProfileNames(path, data);
  const validate = profileValidator();
  if (!validate(data)) {
    throw new ConfigError(
      'E_PROFILE_INVALID',
      `target profile ${path} is invalid: ${describeErrors(validate.errors ?? [])}`,
    );
  }
  checkKeyNames(path, (data as Partial<TargetProfile>).keys ?? {});
  checkHeaderNames(path, (data as Partial<TargetProfile>).headers ?? {});
  refuseV1((data as { baseUrl: string }).baseUrl, `baseUrl of target profile ${path}`);
  const profile = normalise(
    data as Partial<TargetProfile> & { baseUrl: string },
    basename(path).replace(/\.json$/i, ''),
  );
  if (profile.caFile !== undefined) profile.caFile = checkedCaFile(path, profile.caFile);
  return profile;
}

/** The CA bundle is read here once, so a wrong path stops the run before any request (exit 2). */
function checkedCaFile(profilePath: string, caFile: string): string {
  const full = resolve(dirname(profilePath), caFile);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (err) {
    throw new ConfigError(
      'E_PROFILE_CA_UNREADABLE',
      `caFile of target profile ${profilePath}: ${full} cannot be read ` +
        `(${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    );
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigError(
      'E_PROFILE_CA_UNREADABLE',
      `caFile of target profile ${profilePath}: ${full} holds no PEM certificate`,
    );
  return full;
}

function parseProfile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new ConfigError('E_PROFILE_MISSING', `target profile ${path} does not exist`);
    throw new ConfigError('E_PROFILE_UNREADABLE', `target profile ${path} cannot be read (${code ?? String(err)})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ConfigError(
      'E_PROFILE_UNREADABLE',
      `target profile ${path} is not valid JSON: ${(err as Error).message}`,
    );
  }
}

let compiled: ValidateFunction | undefined;

function profileValidator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false });
    addFormats(ajv);
    compiled = ajv.compile(JSON.parse(readFileSync(profileSchemaPath(), 'utf8')));
  }
  return compiled;
}

/** `/keys/approved must NOT have additional properties (value)`: paths and names, never values. */
function describeErrors(errors: readonly ErrorObject[]): string {
  const lines = errors.slice(0, MAX_REPORTED_ERRORS).map((e) => {
    const params = e.params as Record<string, unknown>;
    const detail =
      params.additionalProperty ??
      params.missingProperty ??
      (Array.isArray(params.allowedValues) ? params.allowedValues.join(', ') : undefined);
    return `${e.instancePath || '/'} ${e.message}${detail !== undefined ? ` (${String(detail)})` : ''}`;
  });
  const more = errors.length > MAX_REPORTED_ERRORS ? `; and ${errors.length - MAX_REPORTED_ERRORS} more` : '';
  return lines.join('; ') + more;
}

/** A key pasted where its variable's name belongs is refused, and its value never shown. */
function checkKeyNames(path: string, keys: TargetProfile['keys']): void {
  const bad = Object.entries(keys).filter(([, ref]) => !VARIABLE_NAME.test(ref.env) || looksLikeSecret(ref.env));
  if (bad.length === 0) return;
  throw new ConfigError(
    'E_PROFILE_INVALID',
    `target profile ${path}: ${bad.map(([role]) => `/keys/${role}/env`).join(', ')} must name an ` +
      `environment variable (letters, digits, _), and looks like a key value instead (not shown)`,
    'Put the key in an environment variable (from your secret store) and give its name in "env", e.g. "env": ' +
      '"PARTNER_KEY_APPROVED"; rotate a key that was committed in a profile.',
  );
}

/** Headers the client sets itself: a profile's header must not replace them. */
const OWN_HEADERS = [
  'x-api-key',
  'user-agent',
  'content-type',
  'content-length',
  'host',
  'idempotency-key',
  'authorization',
];

function checkHeaderNames(path: string, headers: NonNullable<TargetProfile['headers']>): void {
  const own = Object.keys(headers).filter((name) => OWN_HEADERS.includes(name.toLowerCase()));
  const bad = Object.entries(headers).filter(([, ref]) => looksLikeSecret(ref.env));
  if (own.length > 0)
    throw new ConfigError(
      'E_PROFILE_INVALID',
      `target profile ${path}: /headers names ${own.join(', ')}, which the suite sets itself`,
      `Leave out ${OWN_HEADERS.join(', ')}: keys go in "keys", the rest the client sets per request.`,
    );
  if (bad.length > 0)
    throw new ConfigError(
      'E_PROFILE_INVALID',
      `target profile ${path}: ${bad.map(([name]) => `/headers/${name}/env`).join(', ')} must name an ` +
        `environment variable, and looks like a secret value instead (not shown)`,
      'Put the value in an environment variable and give its name in "env"; rotate a secret that was committed in ' +
        'a profile.',
    );
}

/** The suite adds `/v1` to every path: a base URL that ends in it would ask for `/v1/v1/...`. */
function refuseV1(url: string, where: string): void {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return;
  }
  if (/\/v1\/*$/i.test(path))
    throw new ConfigError('E_BASE_URL_HAS_V1', `${where} ends in /v1 (${url.replace(/\/\/[^@/]*@/, '//')})`);
}

/**
 * Members a monitoring run reads (confirmation, latency budgets, headers, opted-in writes, TLS warning, alerting), kept
 * as given.
 */
const MONITOR_FIELDS = [
  'confirm',
  'latency',
  'headers',
  'sideEffectFreeWrites',
  'tlsExpiryWarningDays',
  'alerting',
] as const;

function normalise(data: Partial<TargetProfile> & { baseUrl: string }, fallbackName: string): TargetProfile {
  const profile: TargetProfile = {
    name: data.name ?? fallbackName,
    baseUrl: trimSlash(data.baseUrl),
    keys: data.keys ?? {},
    fixtures: data.fixtures ?? {},
  };
  if (data.legacyBaseUrl !== undefined) profile.legacyBaseUrl = trimSlash(data.legacyBaseUrl);
  if (data.medicareBaseUrl !== undefined) profile.medicareBaseUrl = trimSlash(data.medicareBaseUrl);
  if (data.readOnly !== undefined) profile.readOnly = data.readOnly;
  if (data.strict !== undefined) profile.strict = data.strict;
  if (data.requestTimeoutMs !== undefined) profile.requestTimeoutMs = data.requestTimeoutMs;
  if (data.asyncTimeoutMs !== undefined) profile.asyncTimeoutMs = data.asyncTimeoutMs;
  if (data.runTimeoutMs !== undefined) profile.runTimeoutMs = data.runTimeoutMs;
  if (data.caFile !== undefined) profile.caFile = data.caFile;
  if (data.webhookReceiver !== undefined) profile.webhookReceiver = data.webhookReceiver;
  for (const key of MONITOR_FIELDS) if (data[key] !== undefined) Object.assign(profile, { [key]: data[key] });
  return profile;
}

/** URLs given on the command line over a profile's (`--base-url`, `--legacy-base-url`, `--medicare-base-url`). */
export interface UrlOverrides {
  baseUrl?: string;
  legacyBaseUrl?: string;
  medicareBaseUrl?: string;
}

/**
 * `profile` (or, without one, the bare `--base-url` profile) with the URLs the command line
 * gives: a preview deployment's address over the profile's, the rest of the profile kept.
 */
export function withUrlOverrides(profile: TargetProfile | undefined, urls: UrlOverrides): TargetProfile {
  if (urls.baseUrl === undefined && profile === undefined)
    throw new ConfigError(
      'E_FLAGS_CONFLICT',
      '--legacy-base-url and --medicare-base-url need a target',
      'Give --target or --base-url as well.',
    );
  const out = urls.baseUrl !== undefined ? profileFromBaseUrl(urls.baseUrl, profile) : { ...profile! };
  if (urls.legacyBaseUrl !== undefined) out.legacyBaseUrl = checkedBaseUrl(urls.legacyBaseUrl, '--legacy-base-url');
  if (urls.medicareBaseUrl !== undefined)
    out.medicareBaseUrl = checkedBaseUrl(urls.medicareBaseUrl, '--medicare-base-url');
  return out;
}

/**
 * The profile for `--base-url`: `base` pointed at another host (its legacy and Medicare URLs
 * follow when they were the same host as its base URL), or a bare profile with no fixtures and
 * the conventional key variables: `approved` always, the others when their variable is set
 * (a bare URL declares no role, so an unset one is not a mistake of the user's).
 */
export function profileFromBaseUrl(
  url: string,
  base?: TargetProfile,
  env: NodeJS.ProcessEnv = process.env,
): TargetProfile {
  const baseUrl = checkedBaseUrl(url, '--base-url');
  if (!base) {
    const set = rolesSet(CONVENTIONAL_KEYS, env);
    const keys = Object.fromEntries(
      Object.entries(CONVENTIONAL_KEYS).filter(([role]) => role === 'approved' || set.includes(role)),
    );
    return { name: new URL(baseUrl).host, baseUrl, keys, fixtures: {} };
  }
  const follow = (other?: string) =>
    other === undefined ? undefined : trimSlash(other) === trimSlash(base.baseUrl) ? baseUrl : other;
  const profile: TargetProfile = { ...base, baseUrl };
  const legacy = follow(base.legacyBaseUrl);
  const medicare = follow(base.medicareBaseUrl);
  if (legacy !== undefined) profile.legacyBaseUrl = legacy;
  if (medicare !== undefined) profile.medicareBaseUrl = medicare;
  return profile;
}

function checkedBaseUrl(url: string, flag: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('E_BASE_URL_INVALID', `${flag} ${JSON.stringify(url)} is not an absolute URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(
      'E_BASE_URL_INVALID',
      `${flag} must use http or https, not ${parsed.protocol.replace(/:$/, '')}`,
    );
  }
  if (parsed.username || parsed.password) {
    // Credentials in a URL end up in reports; keys belong in environment variables.
    throw new ConfigError('E_BASE_URL_INVALID', `${flag} must not carry credentials (user:password@)`);
  }
  refuseV1(parsed.href, flag);
  return trimSlash(parsed.href);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
