/**
 * The audit of the rule catalogue against the contract's text. Every rule says what its check
 * relies on from the target (`relies_on`) and quotes the contract's words for it
 * (`contract_words`); an inferred rule writes down how the suite reads the contract there
 * (`reading`); `provider_document` names the places in the provider's document a check relies
 * on for a shape the prose does not show; `finding` names what a check still asserts beyond the
 * contract, and the change recommended, until the check is fixed. An inferred rule also says, in
 * one line, why a conforming implementation could break it (`warning_reason`): the reason every
 * report shows beside its warning; a stated rule never warns, so it has none. A quote must occur
 * in the contract (whitespace aside) and a pointer must resolve, so the audit cannot drift from
 * either source.
 */
import type { Rule } from '../model.js';
import { MISSING, resolvePointer } from './json-pointer.js';

/** A catalogue rule with its audit fields. */
export interface AuditedRule extends Rule {
  relies_on: string;
  contract_words: string[];
  reading?: string;
  warning_reason?: string;
  provider_document?: string[];
  finding?: string;
}

/** The texts the audit is held to. */
export interface AuditSources {
  /** The contract (specs/partner-api.md). */
  contract: string;
  /** The provider's OpenAPI document (specs/provider/openapi.json), parsed. */
  providerDocument: unknown;
}

/** Runs of whitespace (line breaks, table padding) as one space. */
export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every(isText);

type Field = (rule: Record<string, unknown>, sources: AuditSources, contract: string) => string[];

/** Longest reason a report shows beside a warning: one line of a console, a cell of a table. */
export const WARNING_REASON_MAX = 300;

/** An inferred rule's one-line reason to warn; none on a stated rule, which fails. */
function warningReasonProblems(r: Record<string, unknown>): string[] {
  const reason = r.warning_reason;
  if (reason === undefined)
    return r.strength === 'inferred'
      ? ['an inferred rule must say why a conforming implementation could break it (warning_reason)']
      : [];
  if (r.strength !== 'inferred') return ['a stated rule fails, never warns: it has no warning_reason'];
  if (!isText(reason) || /[\r\n]/.test(reason) || reason.length > WARNING_REASON_MAX)
    return [`warning_reason must be one line of at most ${WARNING_REASON_MAX} characters`];
  return [];
}

/** One entry per audit field: what is wrong with it, if anything. */
const FIELDS: ReadonlyArray<Field> = [
  (r) => (isText(r.relies_on) ? [] : ['relies_on must say what the check relies on (a non-empty string)']),
  (r) =>
    isTextList(r.contract_words)
      ? []
      : ['contract_words must quote the contract (a non-empty list of non-empty strings)'],
  (r, _s, contract) =>
    isTextList(r.contract_words)
      ? r.contract_words
          .filter((w) => !contract.includes(normalise(w)))
          .map((w) => `contract_words: not in the contract: ${JSON.stringify(w)}`)
      : [],
  (r) => {
    if (r.reading !== undefined && !isText(r.reading)) return ['reading must be a non-empty string when given'];
    return r.strength === 'inferred' && r.reading === undefined
      ? ['an inferred rule must write its reading of the contract (reading)']
      : [];
  },
  (r) => warningReasonProblems(r),
  (r, s) => {
    if (r.provider_document === undefined) return [];
    if (!isTextList(r.provider_document))
      return ['provider_document must be a non-empty list of JSON pointers when given'];
    return r.provider_document
      .filter((p) => resolvePointer(s.providerDocument, p) === MISSING)
      .map((p) => `provider_document: ${p} does not resolve in the provider's document`);
  },
  (r) => (r.finding === undefined || isText(r.finding) ? [] : ['finding must be a non-empty string when given']),
];

/** Every problem of the catalogue's audit, each naming its rule; empty when the audit holds. */
export function auditProblems(rules: readonly Rule[], sources: AuditSources): string[] {
  const contract = normalise(sources.contract);
  return rules.flatMap((rule) => {
    const fields = rule as unknown as Record<string, unknown>;
    return FIELDS.flatMap((field) => field(fields, sources, contract)).map((problem) => `${rule.id}: ${problem}`);
  });
}
