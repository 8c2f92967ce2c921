/**
 * Every error a user can cause, with a stable code and a hint that says how to fix it.
 * The CLI maps a ConfigError to exit code 2. Add new codes to the table; never reuse one.
 */

export const ERROR_CODES = {
  E_USAGE: 'Run `partner-conformance --help` for the commands and flags.',
  E_FLAGS_CONFLICT: 'Use only one of the conflicting flags.',
  E_PROFILE_MISSING: 'Pass an existing target-profile JSON file with --target, or omit it to use the embedded reference server.',
  E_PROFILE_UNREADABLE: 'Check the file is readable JSON.',
  E_PROFILE_INVALID: 'Fix the profile so it matches specs/target-profile.schema.json (see README, "Target profile").',
  E_PROFILE_UNKNOWN: 'Use one of the run profiles listed by `partner-conformance run --help` (harness/run-profiles.ts).',
  E_KEY_ENV_MISSING: 'Export the environment variable named in the target profile for that key role.',
  E_BASE_URL_INVALID: 'Give an absolute http(s) URL, e.g. https://staging.example.com.',
  E_SPEC_UNREADABLE: 'Pass a readable OpenAPI 3.0 or 3.1 document (YAML or JSON) with --spec, by path or URL.',
  E_SPEC_NOT_OPENAPI: 'The document must have an `openapi: 3.0.x` or `3.1.x` field and `paths`.',
  E_FAMILY_UNKNOWN: 'Use one of the families listed by `partner-conformance rules --families`.',
  E_RULE_UNKNOWN: 'Use a rule id listed by `partner-conformance rules`.',
  E_FAULT_UNKNOWN: 'Use a fault name listed by `partner-conformance serve --list-faults`.',
  E_SEED_INVALID: 'Give --seed as an integer.',
  E_PATH_INVALID: 'Give --path as printed with a property failure (numbers joined by colons), together with its --seed.',
  E_RUNS_INVALID: 'Give --runs as a positive integer.',
  E_SHARD_INVALID: 'Give --shard as <index>/<count>, whole numbers with 1 <= index <= count, e.g. --shard 2/4.',
  E_READ_ONLY: 'This run is read-only (smoke profile or readOnly target): requests with side effects are refused before they are sent.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

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
  /** One line for the console: code, message, fix. */
  format(): string {
    return `${this.code}: ${this.message}\n  fix: ${this.hint}`;
  }
}

/** A request refused by the client because the run is read-only. Never reaches the network. */
export class ReadOnlyViolation extends Error {
  readonly code = 'E_READ_ONLY' as const;
  constructor(readonly method: string, readonly path: string) {
    super(`refused ${method} ${path}: the run is read-only and this request has side effects`);
    this.name = 'ReadOnlyViolation';
  }
}
