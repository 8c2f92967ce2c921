/**
 * The baseline file: the failures a CI owner accepts for now, each a rule on an operation (its
 * method and route as the documents name it, `GET /v1/reference/providers`), so an entry never
 * accepts the same rule on another endpoint, with an optional reason and expiry date, and the
 * version of the document the failures were recorded against. A versioned JSON document,
 * checked by a schema (ajv) before a run, written sorted with one entry per rule and operation so
 * it diffs well in git. Reading and writing only; reports/baseline/match.ts says what a run's
 * findings are against it, reports/baseline/check.ts holds its entries to the run's documents.
 */
import { accessSync, constants, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { ConfigError } from '../../harness/errors.js';
import type { Rule } from '../../harness/model.js';
import { didYouMean } from '../../harness/profile-names.js';

export const BASELINE_FORMAT = 'partner-conformance.baseline/2';
/** The format before entries named an operation: one of its entries would accept a rule on every endpoint. */
const FORMER_FORMAT = 'partner-conformance.baseline/1';

/** One accepted failure: a rule the target breaks on one operation. */
export interface BaselineEntry {
  rule: string;
  /**
   * The operation the failure was judged on, `METHOD /route` as the documents name it (summary.json
   * `findings[].operation`); `METHOD (no operation)` for a request to a route no document has.
   */
  operation: string;
  /** Why it is accepted (a ticket, a decision); shown beside the known failure. */
  reason?: string;
  /** Last day (YYYY-MM-DD, UTC) it is accepted; from the day after, the failure fails the run again. */
  expires?: string;
}

export interface BaselineDocument {
  format: typeof BASELINE_FORMAT;
  /** The version (`info.version`) of the document the failures were recorded against. */
  spec?: { version: string };
  entries: BaselineEntry[];
}

/** The baseline of a run: where it is, what it holds, and whether the run writes it back. */
export interface RunBaseline {
  /** The path as given to --baseline. */
  file: string;
  entries: BaselineEntry[];
  /** The document version the file was recorded against, when it says. */
  spec?: { version: string };
  /** --update-baseline: the run's failures are written into the file after the run. */
  update: boolean;
}

/** `GET /v1/ping`, `POST /api/v1/applications`, `GET (no operation)`. */
const OPERATION_PATTERN = '^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (/\\S*|\\(no operation\\))$';

const SCHEMA = {
  type: 'object',
  required: ['format', 'entries'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    format: { const: BASELINE_FORMAT },
    spec: {
      type: 'object',
      required: ['version'],
      additionalProperties: false,
      properties: { version: { type: 'string', minLength: 1 } },
    },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['rule', 'operation'],
        // A misspelt member (`expiry`) would silently accept a failure for ever.
        additionalProperties: false,
        properties: {
          rule: { type: 'string', minLength: 1 },
          operation: { type: 'string', pattern: OPERATION_PATTERN },
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

/** The rules an entry names, against the catalogue: each unknown one, with the closest known. */
function unknownRules(entries: readonly BaselineEntry[], catalogue: readonly Rule[]): string[] {
  const rules = catalogue.map((r) => r.id);
  return entries.flatMap((e, i) => {
    if (rules.includes(e.rule)) return [];
    const guess = didYouMean(e.rule, rules);
    return [`entries/${i}: unknown rule "${e.rule}"${guess ? ` (did you mean "${guess}"?)` : ''}`];
  });
}

/** `rule on operation`, as lines and messages name an entry. */
export const entryName = (e: Pick<BaselineEntry, 'rule' | 'operation'>): string => `${e.rule} on ${e.operation}`;

/**
 * The baseline document in `text`, checked: malformed (not JSON, not this format, a bad member,
 * an entry twice) is E_BASELINE_INVALID; a rule the suite does not know is E_BASELINE_UNKNOWN.
 * Its operations are held to the run's documents by reports/baseline/check.ts.
 */
export function parseBaseline(
  text: string,
  file: string,
  catalogue: readonly Rule[],
): Pick<RunBaseline, 'entries' | 'spec'> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError('E_BASELINE_INVALID', `baseline ${file} is not JSON: ${(err as Error).message}`);
  }
  if ((data as { format?: unknown } | null)?.format === FORMER_FORMAT)
    throw new ConfigError(
      'E_BASELINE_INVALID',
      `baseline ${file} is ${FORMER_FORMAT}: its entries name a check, and one such entry accepted its rule on ` +
        `every endpoint the check judges; ${BASELINE_FORMAT} names a rule on an operation`,
      `Record it again: partner-conformance run ... --baseline ${file} --update-baseline (after moving the old ` +
        'file aside), then carry each reason and expiry over to the entries of the same rule.',
    );
  if (!validate(data))
    throw new ConfigError(
      'E_BASELINE_INVALID',
      `baseline ${file} is not a ${BASELINE_FORMAT} document: ${(validate.errors ?? []).map(problem).join('; ')}`,
    );
  const { entries, spec } = data as BaselineDocument;
  const seen = new Set<string>();
  const twice = entries.filter((e) => seen.size === seen.add(entryName(e)).size);
  if (twice.length > 0)
    throw new ConfigError(
      'E_BASELINE_INVALID',
      `baseline ${file} lists ${twice.map(entryName).join(', ')} more than once`,
    );
  const unknown = unknownRules(entries, catalogue);
  if (unknown.length > 0) throw new ConfigError('E_BASELINE_UNKNOWN', `baseline ${file}: ${unknown.join('; ')}`);
  return { entries, ...(spec ? { spec } : {}) };
}

/**
 * `--baseline <file>` (with `--update-baseline`): its entries, checked before any request. A
 * missing file is an error unless the run writes it: a mistyped path must not read as an empty
 * baseline, and a run never creates one it was not asked to.
 */
export function readBaseline(file: string, update: boolean, catalogue: readonly Rule[]): RunBaseline {
  if (update) checkWritable(file);
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
  return { file, ...parseBaseline(text, file, catalogue), update };
}

/** `--update-baseline` writes `file` after the run: one it cannot write is found now, before any request. */
function checkWritable(file: string): void {
  const target = existsSync(file) ? file : dirname(resolve(file));
  try {
    if (existsSync(file) && statSync(file).isDirectory()) throw new Error('it is a folder');
    if (target !== file && !statSync(target).isDirectory()) throw new Error('it is no folder');
    accessSync(target, constants.W_OK);
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ConfigError(
      'E_BASELINE_UNWRITABLE',
      `baseline ${file} cannot be written by --update-baseline after the run (${target}: ${why})`,
    );
  }
}

const byKey = (a: BaselineEntry, b: BaselineEntry) =>
  a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0;

/**
 * The document's text: entries sorted by rule then operation, members in one order, so a change
 * is a small diff; `spec`, the version of the document the run judged against.
 */
export function renderBaseline(entries: readonly BaselineEntry[], spec?: { version: string }): string {
  const sorted = [...entries].sort(byKey).map(({ rule, operation, reason, expires }) => ({
    rule,
    operation,
    ...(reason !== undefined ? { reason } : {}),
    ...(expires !== undefined ? { expires } : {}),
  }));
  const document: BaselineDocument = { format: BASELINE_FORMAT, ...(spec ? { spec } : {}), entries: sorted };
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function writeBaseline(file: string, entries: readonly BaselineEntry[], spec?: { version: string }): void {
  try {
    writeFileSync(file, renderBaseline(entries, spec));
  } catch (err) {
    throw new ConfigError('E_BASELINE_UNWRITABLE', `baseline ${file} cannot be written: ${(err as Error).message}`);
  }
}
