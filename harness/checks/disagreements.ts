/**
 * Where the contract's prose and the provider's document disagree (specs/disagreements.json),
 * as the checks read it: an answer either source allows is not a failure. An entry with a
 * `where.pointer` covers schema errors located at (or under) that JSON pointer of the body; an
 * entry without one covers the status itself (a status only one source lists).
 */
import type { ValidationError } from '../contract/types.js';
import type { Exchange } from '../model.js';
import type { CheckScope } from './scope.js';

/** One entry of the table; only `id` and `where` drive matching, the rest is quoted to people. */
export interface Disagreement {
  id: string;
  kind?: string;
  where: {
    /** Operation ids it applies to; absent: every operation. */
    operations?: readonly string[];
    /** A status (`200`, `4XX`) or several; absent: every status. */
    status?: string | readonly string[];
    /** JSON pointer into the response body; `*` matches any one segment (an array index). */
    pointer?: string;
  };
  prose?: { section?: string; says?: string };
  document?: { at?: string; says?: string };
  reading?: string;
}

const REQUIRED_PROPERTY = /must have required property '([^']+)'/;
const ADDITIONAL_PROPERTY = /must NOT have additional properties: (.+)$/;

/** Where an error is: the member it names for `required`/`additionalProperties`, else its path. */
export function errorLocation(error: ValidationError): string {
  const base = error.path === '/' ? '' : error.path;
  const member = REQUIRED_PROPERTY.exec(error.message)?.[1] ?? ADDITIONAL_PROPERTY.exec(error.message)?.[1];
  return member === undefined ? base : `${base}/${member.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function statusMatches(where: Disagreement['where'], status: number): boolean {
  if (where.status === undefined) return true;
  const listed = typeof where.status === 'string' ? [where.status] : where.status;
  return listed.some((s) => new RegExp(`^${s.replace(/x/gi, '\\d')}$`).test(String(status)));
}

function appliesTo(d: Disagreement, operationId: string, status: number): boolean {
  return (
    (d.where.operations === undefined || d.where.operations.includes(operationId)) && statusMatches(d.where, status)
  );
}

/** `location` is at or under `pointer` (segment by segment, `*` matching any one). */
export function underPointer(pointer: string, location: string): boolean {
  const want = pointer.split('/').slice(1);
  const have = location.split('/').slice(1);
  if (pointer === '' || pointer === '/') return true;
  return want.length <= have.length && want.every((segment, i) => segment === '*' || segment === have[i]);
}

/** The entry covering a schema error of `operationId` at `status`, if any. */
export function shapeDisagreement(
  table: readonly Disagreement[],
  operationId: string,
  status: number,
  error: ValidationError,
): Disagreement | undefined {
  const location = errorLocation(error);
  return table.find(
    (d) =>
      typeof d.where.pointer === 'string' &&
      appliesTo(d, operationId, status) &&
      underPointer(d.where.pointer, location),
  );
}

/** The entry covering a status of `operationId` that one source does not list, if any. */
export function statusDisagreement(
  table: readonly Disagreement[],
  operationId: string,
  status: number,
): Disagreement | undefined {
  return table.find(
    (d) => d.where.pointer === undefined && d.where.status !== undefined && appliesTo(d, operationId, status),
  );
}

/** One line naming the entry and what both sources say, for a warning. */
export function describeDisagreement(d: Disagreement): string {
  const prose = `the prose${d.prose?.section ? ` (${d.prose.section})` : ''} says ${d.prose?.says ?? 'otherwise'}`;
  const document =
    `the provider's document${d.document?.at ? ` (${d.document.at})` : ''} ` +
    `says ${d.document?.says ?? 'otherwise'}`;
  return `disagreement ${d.id}: ${prose}; ${document}${d.reading ? `; read as: ${d.reading}` : ''}`;
}

/** A non-fatal note: the answer only one source allows, naming the disagreement and both sources. */
export function noteDisagreement(
  scope: CheckScope,
  exchange: Exchange,
  d: Disagreement,
  expected: string,
  observed: string,
): void {
  scope.note?.({
    check: scope.check,
    rules: scope.rules,
    disagreement: d.id,
    title: `allowed by one source only (${d.id})`,
    expected,
    observed: `${observed} (${describeDisagreement(d)})`,
    exchange,
  });
}
