/**
 * A baseline held to the run before its first request: an entry that can match no failure of
 * this run accepts nothing and hides a mistake, so it is refused (exit 2), each with why: an
 * operation the run's documents do not have (with the closest one), a rule on an operation of a
 * family it is no rule of, a rule no run can reach, and a file recorded against another version
 * of the document.
 */
import type { Contract } from '../../harness/contract/types.js';
import { ConfigError } from '../../harness/errors.js';
import { FAMILIES, type Rule } from '../../harness/model.js';
import { didYouMean } from '../../harness/profile-names.js';
import type { BaselineEntry, RunBaseline } from './file.js';

/** `GET /v1/ping`: an operation as entries and exchanges name it. */
const nameOf = (op: Contract['operations'][number]): string => `${op.method.toUpperCase()} ${op.path}`;

/** The family a document gives an operation in its tags (ours: `reference`; the provider's: `Policy Status`). */
function familyOf(op: Contract['operations'][number]): string | undefined {
  const slugs = (op.tags ?? []).map((t) => t.toLowerCase().replace(/\s+/g, '-'));
  return slugs.find((s) => (FAMILIES as readonly string[]).includes(s));
}

/** What is wrong with one entry against the run, or undefined when it can match a failure. */
function entryProblem(
  entry: BaselineEntry,
  operations: ReadonlyMap<string, Contract['operations'][number]>,
  rules: ReadonlyMap<string, Rule>,
): string | undefined {
  const rule = rules.get(entry.rule);
  if (rule?.unreachable) return `rule ${entry.rule} no run can reach (${rule.unreachable}): it never fails`;
  if (/ \(no operation\)$/.test(entry.operation)) return undefined;
  const op = operations.get(entry.operation);
  if (!op) {
    const near = didYouMean(entry.operation, [...operations.keys()]);
    return `operation "${entry.operation}" is none of the run's documents'${near ? ` (did you mean "${near}"?)` : ''}`;
  }
  const family = familyOf(op);
  if (rule && family && !(rule.families as readonly string[]).includes(family))
    return (
      `rule ${entry.rule} (of ${rule.families.join(', ')}) is judged on no ${family} operation such as ` +
      `${entry.operation}`
    );
  return undefined;
}

/**
 * Throws E_BASELINE_SPEC for a file recorded against another version of the run's document, and
 * E_BASELINE_UNKNOWN naming every entry that can match no failure of the run.
 */
export function checkBaseline(
  baseline: Pick<RunBaseline, 'file' | 'entries' | 'spec'>,
  documents: readonly Pick<Contract, 'operations'>[],
  catalogue: readonly Rule[],
  specVersion: string | undefined,
): void {
  if (baseline.spec && specVersion && baseline.spec.version !== specVersion)
    throw new ConfigError(
      'E_BASELINE_SPEC',
      `baseline ${baseline.file} was recorded against version ${baseline.spec.version} of the document; this run ` +
        `judges against version ${specVersion}`,
    );
  const operations = new Map(documents.flatMap((d) => d.operations).map((op) => [nameOf(op), op] as const));
  const rules = new Map(catalogue.map((r) => [r.id, r]));
  const problems = baseline.entries.flatMap((entry, i) => {
    const problem = entryProblem(entry, operations, rules);
    return problem ? [`entries/${i}: ${problem}`] : [];
  });
  if (problems.length > 0)
    throw new ConfigError('E_BASELINE_UNKNOWN', `baseline ${baseline.file}: ${problems.join('; ')}`);
}
