/**
 * The rule catalogue (specs/rules.json): every normative statement of the contract, by id.
 * Loading checks the catalogue itself (a broken catalogue is a bug of this product, so it
 * throws a plain Error); asking for rule ids it does not have is a user error (E_RULE_UNKNOWN).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './errors.js';
import { FAMILIES, type Family, type Rule } from './model.js';

/** Area prefixes of rule ids (the first segment; direct enrollment areas all start `ENR-`). */
const RULE_AREAS = [
  'PING',
  'COUNTIES',
  'ISSUERS',
  'PROVIDERS',
  'QUOTES',
  'SESSIONS',
  'POLICY',
  'ENR',
  'AUTH',
  'GATE',
  'IDEMP',
  'RATE',
  'ENVELOPE',
  'EDGE',
  'SCHEMA',
  'HEADERS',
  'LEGACY',
  'MEDICARE',
] as const;

const RULE_ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;
const STRENGTHS = ['stated', 'inferred'];

export interface RuleCatalogue {
  version: string;
  rules: readonly Rule[];
  byId(id: string): Rule | undefined;
  has(id: string): boolean;
  forFamily(family: Family): Rule[];
  /** Throws E_RULE_UNKNOWN naming every id the catalogue does not have. */
  assertKnownRules(ids: readonly string[]): void;
}

/** specs/rules.json of this checkout, wherever the process was started. */
function defaultRulesPath(): string {
  return fileURLToPath(new URL('../specs/rules.json', import.meta.url));
}

export function loadRules(path: string = defaultRulesPath()): RuleCatalogue {
  const data = JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown; rules?: unknown };
  if (!Array.isArray(data.rules)) throw new Error(`${path}: the catalogue has no "rules" array`);
  const rules = data.rules.map((rule, i) => checkedRule(rule, `${path}: rules[${i}]`));
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.id)) throw new Error(`${path}: duplicate rule id ${rule.id}`);
    seen.add(rule.id);
  }
  return catalogueFrom({ version: typeof data.version === 'string' ? data.version : '', rules });
}

let once: RuleCatalogue | undefined;

/** specs/rules.json of this checkout, read once per process (or worker). */
export function loadRulesOnce(): RuleCatalogue {
  once ??= loadRules();
  return once;
}

/** The catalogue's plain data: what the engine hands to the workers (RunInputs). */
export type CatalogueData = Pick<RuleCatalogue, 'version' | 'rules'>;

/** A catalogue over rules already read and checked (in a worker: the ones the engine read). */
export function catalogueFrom({ version, rules }: CatalogueData): RuleCatalogue {
  const index = new Map<string, Rule>(rules.map((rule) => [rule.id, rule]));
  return {
    version,
    rules,
    byId: (id) => index.get(id),
    has: (id) => index.has(id),
    forFamily: (family) => rules.filter((r) => r.families.includes(family)),
    assertKnownRules: (ids) => assertKnown(index, ids),
  };
}

/**
 * Why a violation of `rules`, every one inferred, warns instead of failing: each rule's
 * `warning_reason` (the latitude a conforming implementation has there), by rule.
 */
export function warningReasonOf(rules: readonly Rule[]): string {
  return rules
    .map(
      (r) => `${r.id} is inferred: ${r.warning_reason ?? 'the catalogue gives no reason (a defect of the catalogue)'}`,
    )
    .join('; ');
}

function assertKnown(index: ReadonlyMap<string, Rule>, ids: readonly string[]): void {
  const unknown = ids.filter((id) => !index.has(id));
  if (unknown.length > 0) {
    throw new ConfigError('E_RULE_UNKNOWN', `unknown rule id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  }
}

/** One rule, or an Error naming the rule and what is wrong with it. */
function checkedRule(value: unknown, where: string): Rule {
  if (value === null || typeof value !== 'object') throw new Error(`${where} is not an object`);
  const rule = value as Record<string, unknown>;
  const id = rule.id;
  if (typeof id !== 'string' || !RULE_ID.test(id) || !RULE_AREAS.some((area) => id.startsWith(`${area}-`))) {
    throw new Error(
      `${where}: malformed rule id ${JSON.stringify(id)} (UPPER-KEBAB, starting with one of ${RULE_AREAS.join(', ')})`,
    );
  }
  const problem = ruleProblem(rule);
  if (problem) throw new Error(`${where} (${id}): ${problem}`);
  return rule as unknown as Rule;
}

function ruleProblem(rule: Record<string, unknown>): string | undefined {
  if (typeof rule.section !== 'string' || rule.section === '') return 'section must be a non-empty string';
  if (!STRENGTHS.includes(rule.strength as string)) return `strength must be one of ${STRENGTHS.join(', ')}`;
  if (!Array.isArray(rule.families) || rule.families.length === 0) return 'families must be a non-empty list';
  const stray = rule.families.find((f) => !(FAMILIES as readonly unknown[]).includes(f));
  if (stray !== undefined) return `unknown family ${JSON.stringify(stray)}`;
  if (typeof rule.statement !== 'string' || rule.statement === '') return 'statement must be a non-empty string';
  if (rule.writes !== undefined && typeof rule.writes !== 'boolean') return 'writes must be a boolean';
  if (rule.unreachable !== undefined && (typeof rule.unreachable !== 'string' || rule.unreachable === ''))
    return 'unreachable must say why no run can observe the rule (a non-empty string)';
  return undefined;
}
