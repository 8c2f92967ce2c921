/**
 * The baseline file: the failures a CI owner accepts for now, each by rule and check identity
 * (`<family>/<id>`, harness/suite/inventory.ts), with an optional reason and expiry date. A
 * versioned JSON document, checked by a schema (ajv) before a run, written sorted with one
 * entry per rule so it diffs well in git. Reading and writing only; reports/baseline/match.ts
 * says what a run's findings are against it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { ConfigError } from '../../harness/errors.js';
import { FAMILIES, type Rule } from '../../harness/model.js';
import { didYouMean } from '../../harness/profile-names.js';

export const BASELINE_FORMAT = 'partner-conformance.baseline/1';

/** One accepted failure: a rule a check fails. */
export interface BaselineEntry {
  /** The check's identity, `<family>/<id>` (summary.json `findings[].family` and `id`). */
  check: string;
  rule: string;
  /** Why it is accepted (a ticket, a decision); shown beside the known failure. */
  reason?: string;
  /** Last day (YYYY-MM-DD, UTC) it is accepted; from the day after, the failure fails the run again. */
  expires?: string;
}

export interface BaselineDocument {
  format: typeof BASELINE_FORMAT;
  entries: BaselineEntry[];
}

/** The baseline of a run: where it is, what it holds, and whether the run writes it back. */
export interface RunBaseline {
  /** The path as given to --baseline. */
  file: string;
  entries: BaselineEntry[];
  /** --update-baseline: the run's failures are written into the file after the run. */
  update: boolean;
}

const SCHEMA = {
  type: 'object',
  required: ['format', 'entries'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    format: { const: BASELINE_FORMAT },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['check', 'rule'],
        // A misspelt member (`expiry`) would silently accept a failure for ever.
        additionalProperties: false,
        properties: {
          check: { type: 'string', pattern: '^[a-z-]+/[a-z0-9-]+$' },
          rule: { type: 'string', minLength: 1 },
          reason: { type: 'string' },
          expires: { type: 'string', format: 'date' },
        },
      },
    },
  },
} as const;

const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false });
addFormats(ajv);
const validate = ajv.compile(SCHEMA);

const problem = (e: ErrorObject) => {
  const detail = e.params.allowedValue ?? e.params.additionalProperty ?? e.params.format;
  return `${e.instancePath || '/'} ${e.message}${detail !== undefined ? ` (${String(detail)})` : ''}`;
};

/** Families a check's identity may name: the endpoint families, and `contract` for the run-wide checks. */
const CHECK_FAMILIES: readonly string[] = [...FAMILIES, 'contract'];

/** The rules and families an entry names, against the catalogue: each unknown one, with the closest known. */
function unknownNames(entries: readonly BaselineEntry[], catalogue: readonly Rule[]): string[] {
  const rules = catalogue.map((r) => r.id);
  const near = (name: string, known: readonly string[]) => {
    const guess = didYouMean(name, known);
    return guess ? ` (did you mean "${guess}"?)` : '';
  };
  return entries.flatMap((e, i) => {
    const family = e.check.split('/')[0]!;
    return [
      ...(CHECK_FAMILIES.includes(family)
        ? []
        : [`entries/${i}: unknown family "${family}"${near(family, CHECK_FAMILIES)}`]),
      ...(rules.includes(e.rule) ? [] : [`entries/${i}: unknown rule "${e.rule}"${near(e.rule, rules)}`]),
    ];
  });
}

/**
 * The baseline document in `text`, checked: malformed (not JSON, not this format, a bad member,
 * an entry twice) is E_BASELINE_INVALID; a rule or family the suite does not know is
 * E_BASELINE_UNKNOWN. A check id is not checked here (the suite files are not loaded yet).
 */
export function parseBaseline(text: string, file: string, catalogue: readonly Rule[]): BaselineEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError('E_BASELINE_INVALID', `baseline ${file} is not JSON: ${(err as Error).message}`);
  }
  if (!validate(data))
    throw new ConfigError(
      'E_BASELINE_INVALID',
      `baseline ${file} is not a ${BASELINE_FORMAT} document: ${(validate.errors ?? []).map(problem).join('; ')}`,
    );
  const entries = (data as BaselineDocument).entries;
  const seen = new Set<string>();
  const twice = entries.filter((e) => seen.size === seen.add(`${e.check} ${e.rule}`).size);
  if (twice.length > 0)
    throw new ConfigError(
      'E_BASELINE_INVALID',
      `baseline ${file} lists ${twice.map((e) => `${e.check} ${e.rule}`).join(', ')} more than once`,
    );
  const unknown = unknownNames(entries, catalogue);
  if (unknown.length > 0) throw new ConfigError('E_BASELINE_UNKNOWN', `baseline ${file}: ${unknown.join('; ')}`);
  return entries;
}

/**
 * `--baseline <file>` (with `--update-baseline`): its entries, checked before any request. A
 * missing file is an error unless the run writes it: a mistyped path must not read as an empty
 * baseline, and a run never creates one it was not asked to.
 */
export function readBaseline(file: string, update: boolean, catalogue: readonly Rule[]): RunBaseline {
  if (!existsSync(file)) {
    if (update) return { file, entries: [], update };
    throw new ConfigError('E_BASELINE_MISSING', `baseline ${file} does not exist`);
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError('E_BASELINE_INVALID', `baseline ${file} cannot be read: ${(err as Error).message}`);
  }
  return { file, entries: parseBaseline(text, file, catalogue), update };
}

const byKey = (a: BaselineEntry, b: BaselineEntry) =>
  a.check < b.check ? -1 : a.check > b.check ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;

/** The document's text: entries sorted by check then rule, members in one order, so a change is a small diff. */
export function renderBaseline(entries: readonly BaselineEntry[]): string {
  const sorted = [...entries].sort(byKey).map(({ check, rule, reason, expires }) => ({
    check,
    rule,
    ...(reason !== undefined ? { reason } : {}),
    ...(expires !== undefined ? { expires } : {}),
  }));
  const document: BaselineDocument = { format: BASELINE_FORMAT, entries: sorted };
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function writeBaseline(file: string, entries: readonly BaselineEntry[]): void {
  try {
    writeFileSync(file, renderBaseline(entries));
  } catch (err) {
    throw new ConfigError('E_BASELINE_UNWRITABLE', `baseline ${file} cannot be written: ${(err as Error).message}`);
  }
}
