/**
 * Every error a user can cause, with a stable code and a hint that says how to fix it.
 * The CLI maps a ConfigError to exit code 2. Add new codes to the table; never reuse one.
 */

export const ERROR_CODES = {
  E_USAGE: 'Run `partner-conformance --help` for the commands and flags.',
  E_FLAGS_CONFLICT: 'Use only one of the conflicting flags.',
  E_PROFILE_MISSING:
    'Pass an existing target-profile JSON file with --target, or omit it to use the embedded reference server.',
  E_PROFILE_UNREADABLE: 'Check the file is readable JSON.',
  E_PROFILE_CA_UNREADABLE:
    'Point caFile in the profile at a readable PEM file of CA certificates (-----BEGIN CERTIFICATE-----); a ' +
    "relative path is read from the profile's folder.",
  E_PROFILE_INVALID: 'Fix the profile so it matches specs/target-profile.schema.json (see docs/profiles.md).',
  E_PROFILE_UNKNOWN:
    'Use one of the run profiles listed by `partner-conformance run --help` (harness/run-profiles.ts).',
  E_KEY_ENV_MISSING:
    'Export the environment variable named in the target profile for that key role, or drop the role from the profile.',
  E_KEY_VALUE_MALFORMED:
    'Set the variable to the key alone: no spaces, tabs, line breaks or control characters (a key pasted with a ' +
    'trailing newline, e.g. from `echo` or a file, keeps it).',
  E_PROFILE_ROLE_UNKNOWN:
    'Name key roles of the vocabulary (docs/profiles.md; harness/profile-vocabulary.ts); a typo is ' +
    'shown with the role it is closest to.',
  E_PROFILE_FIXTURE_UNKNOWN:
    'Name fixtures of the vocabulary (docs/profiles.md, "Fixtures"; harness/profile-vocabulary.ts); a typo is ' +
    'shown with the fixture it is closest to.',
  E_PROFILE_FIXTURE_INVALID:
    'Give each fixture a value of the type and format the "Fixtures" table of docs/profiles.md shows for it ' +
    '(e.g. state "KY", planYear 2026 as a number).',
  E_HEADER_ENV_MISSING:
    'Export the environment variable the target profile names for that header (under "headers"), or drop the ' +
    'header from the profile.',
  E_PROFILE_VARIABLE_UNSET:
    'Export the variable the profile names with ${NAME} (a per-deploy URL, e.g. from the deploy job), or write the ' +
    'value in the profile.',
  E_PROFILE_VARIABLE_SYNTAX:
    'Name a variable as ${NAME}, with braces (a bare $NAME is taken as it is written and would reach DNS or a ' +
    'report), and only where the profile may name one: name, baseUrl, legacyBaseUrl, medicareBaseUrl, caFile, ' +
    'webhookReceiver.publicUrl.',
  E_PROFILE_OPERATION_UNKNOWN:
    "Name operations as `METHOD /path-template` of the run's documents (e.g. `GET /v1/reference/counties`; " +
    '`partner-conformance plan --json` and summary.json `latency.operations` list them).',
  E_BASE_URL_INVALID: 'Give an absolute http(s) URL, e.g. https://staging.example.com.',
  E_PROFILE_UNFILLED:
    'Replace each "FILL: ..." value the message names with your target\'s (it says what the value must be), or ' +
    'remove an entry your target cannot give: its checks are then skipped, and `partner-conformance plan` names ' +
    'what that leaves unproven.',
  E_INIT_EXISTS:
    'Give --out a new file, or add --force to replace this one (its content is lost: keep a copy of what you filled).',
  E_INIT_UNWRITABLE: 'Give --out a path you can write to.',
  E_SPEC_UNREADABLE: 'Pass a readable OpenAPI 3.0 or 3.1 document (YAML or JSON) with --spec, by path or URL.',
  E_SPEC_NOT_OPENAPI: 'The document must have an `openapi: 3.0.x` or `3.1.x` field and `paths`.',
  E_SPEC_NO_OPERATIONS:
    'Pass a document of this API with --spec: one that describes its /v1 operations (GET /v1/ping, ' +
    "/v1/reference/..., /v1/enrollments, ...), e.g. the provider's own (specs/provider/openapi.json), or omit " +
    '--spec for the bundled one.',
  E_FAMILY_UNKNOWN: 'Use one of the families listed by `partner-conformance rules --families`.',
  E_RULE_UNKNOWN: 'Use a rule id listed by `partner-conformance rules`.',
  E_FAULT_UNKNOWN: 'Use a fault name listed by `partner-conformance serve --list-faults`.',
  E_VARIANT_UNKNOWN: 'Use a variant name listed by `partner-conformance serve --list-variants`.',
  E_VARIANT_DOCUMENT:
    'Run the variant under a document it is valid under (`serve --list-variants` names them), or drop --variant.',
  E_SEED_INVALID: 'Give --seed as an integer.',
  E_PATH_INVALID:
    'Give --path as printed with a property failure (numbers joined by colons), together with its --seed.',
  E_RUNS_INVALID: 'Give --runs as a positive integer.',
  E_SHARD_INVALID: 'Give --shard as <index>/<count>, whole numbers with 1 <= index <= count, e.g. --shard 2/4.',
  E_SHARD_SEED:
    "Give every shard of the run the seed its first shard drew (its console's first line and its evidence's " +
    '`scope.seed` say it), or pass one --seed to all of them (the nightly workflow draws one for its shards).',
  E_SELECTION_EMPTY:
    'The flags select no check: widen --family, --rule or --profile, or use fewer shards (`partner-conformance ' +
    "rules` lists each rule's family and checks).",
  E_INCOMPLETE:
    'Give the target profile what the unproven required rules need (the lines above and summary.json ' +
    '`required.missing` name it; `partner-conformance plan` shows it before a run), or narrow the run to what you ' +
    'mean to prove with --family or --rule.',
  E_NOTHING_TESTED:
    "Give the target profile the key roles and fixtures the skipped checks need (the message, the console's " +
    '"Skipped" line and summary.json name them; docs/profiles.md), or select families it can serve with ' +
    '--family.',
  E_REPORT_DIR_UNWRITABLE:
    'Give --report-dir a folder that you can write to (or a path where one can be created), not a file.',
  E_KEEP_INVALID:
    'Give --keep a whole number of runs from 1 up, e.g. --keep 10: the runs kept under reports/out/, this one ' +
    'included.',
  E_REPORT_DIR_IN_USE:
    'Give each run a report folder of its own (the default, reports/out/<run-id>, is one), or move the earlier ' +
    "run's reports away first: a second run would overwrite them.",
  E_PORT_IN_USE: 'Pick another port with --port (0 picks a free one), or stop the process that listens on it.',
  E_BASE_URL_HAS_V1:
    'Give the base URL without the trailing /v1 (the suite adds /v1 to every path), e.g. https://host or ' +
    'https://host/partner-api.',
  E_TARGET_KEY_REFUSED:
    'The target answered GET /v1/ping with 401 or 403: check the key in the variable the profile names is the one ' +
    "issued for this target (not revoked, not another environment's).",
  E_TARGET_HOST_UNKNOWN:
    "The target's host name does not resolve: check baseUrl in the profile (or --base-url) and the runner's DNS.",
  E_TARGET_NOT_LISTENING:
    "Nothing accepts connections at the target's address: check host and port, that the service is up, and " +
    'firewalls between the runner and it.',
  E_TARGET_TLS:
    'The TLS handshake with the target failed: check https vs http, the certificate (expired, self-signed, wrong ' +
    "host name) and the CA bundle: a private CA goes in NODE_EXTRA_CA_CERTS or the profile's caFile.",
  E_TARGET_PROXY_REFUSED:
    'The proxy named by HTTPS_PROXY or HTTP_PROXY refused to carry the request (CONNECT not allowed, 407 ' +
    'authentication required): check the proxy URL and its credentials (http://user:pass@host:port), or add the ' +
    'target to NO_PROXY.',
  E_PROXY_UNREACHABLE:
    'The proxy named by HTTPS_PROXY or HTTP_PROXY cannot be reached (nothing listens there, its name does not ' +
    'resolve, or no connection in time): check the proxy URL and that the proxy is up, or add the target to ' +
    'NO_PROXY.',
  E_TARGET_NOT_THE_API:
    'Something answers at the base URL, but not the Partner API as the profile describes it: GET <baseUrl>/v1/ping ' +
    'did not return the ping object ({"ok": ..., "environment": ...} as JSON). Check that baseUrl (scheme, host, ' +
    'port, path prefix) points at the API, not at a web server, a login page or another service.',
  E_TARGET_PATH_NOT_FOUND:
    "GET <baseUrl>/v1/ping answered 404: the target is there, but the base URL's path prefix is probably wrong (a " +
    'gateway may serve the API under one, e.g. https://host/partner-api, or under none). Fix baseUrl in the ' +
    'profile, without the /v1.',
  E_TARGET_UNHEALTHY:
    "The target answered GET /v1/ping with a 5xx twice, a pause apart: it is up but failing. Check the service's " +
    'health and logs, then run again; no check was run, so no rule is blamed.',
  E_TARGET_RESET:
    'The target (or something between it and the runner: a load balancer, a proxy, a firewall) closed or reset the ' +
    "connection before any answer: check the service's logs and health, idle and connection limits on the path, " +
    "and that the base URL's scheme and port match the service.",
  E_TARGET_CONNECT_TIMEOUT:
    'No connection to the target within the request timeout: check the address, the network path and ' +
    'requestTimeoutMs in the profile.',
  E_SIGNING_KEY_INVALID:
    'Put an Ed25519 private key (PKCS#8 PEM, e.g. from `openssl genpkey -algorithm ed25519`) in ' +
    'PARTNER_CONFORMANCE_SIGNING_KEY, or unset it for unsigned evidence.',
  E_EVIDENCE_UNREADABLE:
    'Give the bundle folder of a certification run (<report-dir>/bundle, or the folder merge-evidence wrote), or ' +
    'an evidence.json it holds.',
  E_PUBLIC_KEY_INVALID:
    'Pass --public-key as an Ed25519 public key in PEM (`openssl pkey -in signing.pem -pubout`), and ' +
    '--trusted-keys as a JWK set, one JWK or PEM public keys, every key Ed25519.',
  E_POLICY_UNKNOWN: 'Use a policy `partner-conformance verify --help` lists (certification, integrity).',
  E_POLICY_PROFILE:
    'Hold the evidence to a policy its run profile can meet (`verify --help` says which each holds), e.g. ' +
    '--policy integrity, or run the profile the policy is for (--profile certification).',
  E_SPEC_DIGEST_INVALID:
    "Give --spec-digest as sha256: and 64 lowercase hex digits, as the evidence's spec.digest reads.",
  E_EVIDENCE_SEED:
    'Run every shard with the same --seed (the first shard draws one when none is given; the nightly workflow ' +
    'passes one to all its shards), then merge their evidence.',
  E_EVIDENCE_FORMAT:
    'Merge shards of this version of the tool: run the shards again (evidence of the former format is checked by ' +
    '`verify --policy integrity`, for integrity only).',
  E_EVIDENCE_MISMATCH:
    'Merge only the shards of one sharded run: same run profile, spec digest, catalogue and tool version, seed and ' +
    'shard count.',
  E_NOTIFY_INVALID:
    'Give --notify as [<route>:]<format>=<url>: format json, slack or pagerduty, an optional route of ' +
    '`partner-conformance route` (e.g. credentials), an http(s) URL; e.g. --notify ' +
    'slack=https://hooks.slack.com/services/...',
  E_NOTIFY_KEY_MISSING:
    "Export the PagerDuty integration's routing key in PARTNER_CONFORMANCE_PAGERDUTY_KEY (from your secret store), " +
    'or drop the pagerduty destination.',
  E_NOTIFY_NEEDS_HISTORY:
    'Give --history <dir> with --notify: a notification is sent on a change of state, which needs the last run to ' +
    'compare with.',
  E_PUSH_GATEWAY_INVALID:
    'Give --push-gateway as the http(s) URL of a Prometheus Pushgateway, e.g. http://pushgateway:9091.',
  E_CONFIRM_INVALID:
    "Set the profile's confirm so a run can keep it: requests at most what the run profile keeps for " +
    'confirmations (smoke: 2 of its 10), at least attempts - 1 of them, and a window ((attempts - 1) x pauseMs) ' +
    "shorter than the run's deadline (runTimeoutMs).",
  E_ALERTING_INVALID:
    'Give --alert-after a whole number of runs from 1 to what the history holds (10), --remind-every a whole number ' +
    'of minutes (at most a week), and --history <dir> with either: they count the runs the history keeps.',
  E_HISTORY_UNWRITABLE:
    'Give --history a folder you can write to (or a path where one can be created); a CI job carries it between runs.',
  E_BASELINE_MISSING:
    'Give --baseline an existing baseline file, or add --update-baseline to write the failures of this run into a ' +
    'new one.',
  E_BASELINE_INVALID:
    'Fix the baseline file: JSON with `format: "partner-conformance.baseline/2"` and `entries`, each `{rule, ' +
    'operation: "GET /v1/ping", reason?, expires?: "YYYY-MM-DD"}` (docs/ci.md, "Baseline"), or write it again with ' +
    '--update-baseline.',
  E_BASELINE_UNKNOWN:
    "Name rules of `partner-conformance rules` on operations of the run's documents as `METHOD /route` (summary.json " +
    '`findings[].operation`), each rule on an operation of a family it belongs to; a typo is shown with the closest ' +
    'known one. An entry that can match no failure accepts nothing: remove it.',
  E_BASELINE_SPEC:
    'The baseline was recorded against another version of the document: record it again against this one with ' +
    '--update-baseline (a failure of one version says nothing of another), or run with the --spec it was recorded ' +
    'against.',
  E_BASELINE_UNWRITABLE:
    'Give --baseline a path you can write to with --update-baseline (its folder must exist); it is checked before ' +
    'the first request.',
  E_READ_ONLY:
    'This run is read-only (smoke profile or readOnly target): requests with side effects are refused before they ' +
    'are sent.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Profile mistakes that would make a false verdict. The run goes on; the checks that depend on
 * them skip, and the warning (code, what, fix) opens the console report and summary.json.
 */
const WARNING_CODES = {
  W_KEY_SHARED:
    'Give each key role its own key; roles meant to share one (approved, reader, sessions) name the same ' +
    'environment variable.',
  W_FIXTURE_ABSENT:
    'Set the fixture to a value the target has (the read named shows it), or leave it out of the target profile.',
  W_KEY_TIER:
    "Declare each key's real tier in the target profile (keys.<role>.tier), or have the provider put the key on " +
    'the tier the profile states; a tier declared too high meets 429s the run did not ask for, one too low is ' +
    'measured as the wrong tier.',
} as const;

export type WarningCode = keyof typeof WARNING_CODES;

export interface ConfigWarning {
  code: WarningCode;
  message: string;
  fix: string;
  /** The key roles concerned (W_KEY_SHARED, W_KEY_TIER); never their values. */
  roles?: string[];
  /** The fixture the target does not have (W_FIXTURE_ABSENT): checks that need it skip. */
  fixture?: string;
}

export function configWarning(
  code: WarningCode,
  message: string,
  about: Pick<ConfigWarning, 'roles' | 'fixture'> = {},
): ConfigWarning {
  return { code, message, fix: WARNING_CODES[code], ...about };
}

/** One line per warning and its fix, for a console. */
export const formatWarning = (w: ConfigWarning): string => `! ${w.code}: ${w.message}
  fix: ${w.fix}`;

/** A usage or configuration error: the run cannot start. Exit code 2. */
export class ConfigError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;
  constructor(code: ErrorCode, message: string, hint: string = ERROR_CODES[code]) {
    super(message);
    this.name = 'ConfigError';
    this.code = code;
    this.hint = hint;
  }
  /** The process exit code: 2, nothing was tested because of the run's own setup. */
  get exitCode(): number {
    return 2;
  }
  /** One line for the console: code, message, fix. */
  format(): string {
    return `${this.code}: ${this.message}\n  fix: ${this.hint}`;
  }
}

/**
 * The target cannot be tested at all (engine/preflight.ts): it cannot be reached (exit 4), it
 * refused a key (exit 5), it is not the API as configured (exit 8) or it is unhealthy (exit 9).
 * Not a broken rule, and not the run's setup: each routes apart.
 */
export type TargetUnusableExit = 4 | 5 | 8 | 9;

export class TargetUnusable extends ConfigError {
  constructor(
    code: ErrorCode,
    message: string,
    private readonly exit: TargetUnusableExit,
  ) {
    super(code, message);
    this.name = 'TargetUnusable';
  }
  override get exitCode(): number {
    return this.exit;
  }
}

/** A request refused by the client because the run is read-only. Never reaches the network. */
export class ReadOnlyViolation extends Error {
  readonly code = 'E_READ_ONLY' as const;
  constructor(
    readonly method: string,
    readonly path: string,
  ) {
    super(`refused ${method} ${path}: the run is read-only and this request has side effects`);
    this.name = 'ReadOnlyViolation';
  }
}
