/**
 * Turns a vitest test case into findings. A conformance test stores its Finding in
 * `task.meta.finding` (through verify()); a test that failed without one (it crashed before
 * verifying anything) still becomes a failed finding, so no error is ever lost.
 */
import type { TestCase, TestModule } from 'vitest/node';
import { FAMILIES, type Family, type Finding, type StopReason } from '../harness/model.js';
import type { CheckEntry } from '../harness/suite/inventory.js';
import type { InventoryCheck } from './required.js';
import { suiteFolderOf } from '../harness/suite/family.js';

type FindingFamily = Family | 'contract';

interface FindingMeta {
  finding?: Finding | Finding[];
  findings?: Finding[];
  check?: CheckEntry;
}

/** The checks a collected suite file registered (verify() attaches each one's entry). */
export function inventoryOf(testModule: TestModule): InventoryCheck[] {
  const family = familyOfModule(testModule.moduleId);
  return [...testModule.children.allTests()].flatMap((testCase) => {
    const entry = (testCase.meta() as FindingMeta).check;
    return entry ? [{ family, entry }] : [];
  });
}

const STOPPED: Record<StopReason, string> = {
  interrupted: 'the run was interrupted (Ctrl-C) before this check finished',
  deadline: 'the run reached its deadline before this check finished',
};

/** A registered check the run stopped before it finished: nothing of it was judged. */
export function notRunFinding(family: string, entry: CheckEntry, stop: StopReason | undefined): Finding {
  return {
    check: entry.title,
    id: entry.id,
    family: family as FindingFamily,
    rules: [...entry.rules],
    verdict: 'not run',
    message: `not run: ${STOPPED[stop ?? 'interrupted']}`,
    exchanges: [],
  };
}

/** `suites/<family>/...` gives the family; anything else is the run's own ('contract'). */
export function familyOfModule(moduleId: string): FindingFamily {
  const name = suiteFolderOf(moduleId);
  return name && (FAMILIES as readonly string[]).includes(name) ? (name as Family) : 'contract';
}

interface SerializedErrorLike {
  message?: string;
  name?: string;
}

const errorText = (errors: readonly SerializedErrorLike[] | undefined) =>
  (errors ?? [])
    .map((e) => `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message ?? String(e)}`)
    .join('\n') || 'unknown error';

const deselected = (note: string | undefined) => note !== undefined && /^not selected/.test(note);

/**
 * The findings a finished test case stands for (none for a test deselected without a note). A
 * registered check that ended without a finding and without failing did not run to its end
 * (the run stopped: vitest reports it pending, or skipped as aborted): `not run`.
 */
export function findingsFromTestCase(testCase: TestCase, stop?: StopReason): Finding[] {
  const meta = testCase.meta() as FindingMeta;
  const stored = [meta.finding ?? [], meta.findings ?? []].flat();
  const durationMs = testCase.diagnostic()?.duration;
  if (stored.length > 0) return stored.map((f) => ({ ...f, durationMs: f.durationMs ?? durationMs }));
  const result = testCase.result();
  const family = familyOfModule(testCase.module.moduleId);
  if (meta.check && (result.state === 'pending' || result.state === 'skipped')) {
    const note = result.state === 'skipped' ? result.note : undefined;
    return deselected(note) ? [] : [notRunFinding(family, meta.check, stop)];
  }
  const id = meta.check ? { id: meta.check.id } : {};
  const base = { check: meta.check?.title ?? testCase.fullName, ...id, family, rules: [], exchanges: [], durationMs };
  if (result.state === 'failed') {
    const message = errorText(result.errors as unknown as SerializedErrorLike[]);
    return [{ ...base, verdict: 'failed', expected: 'the check to complete', observed: message, message }];
  }
  // A test the run deselected (rule filter, run profile) is not a check of this run.
  if (result.state === 'skipped')
    return result.note && !deselected(result.note)
      ? [{ ...base, verdict: 'skipped', needs: result.note.replace(/^needs /, '') }]
      : [];
  return [{ ...base, verdict: 'passed' }];
}

/** A module that failed to load (syntax error, throwing import) as failed findings. */
export function findingsFromModuleErrors(testModule: TestModule): Finding[] {
  return testModule.errors().map((error) => {
    const message = errorText([error as SerializedErrorLike]);
    return {
      check: `${testModule.relativeModuleId} (loading the suite file)`,
      family: familyOfModule(testModule.moduleId),
      rules: [],
      verdict: 'failed',
      expected: 'the suite file to load',
      observed: message,
      message,
      exchanges: [],
    };
  });
}

/** An error raised outside any test (e.g. an unhandled rejection) as a failed finding. */
export function findingFromRunError(error: SerializedErrorLike): Finding {
  const message = errorText([error]);
  return {
    check: 'unhandled error during the run',
    family: 'contract',
    rules: [],
    verdict: 'failed',
    expected: 'no error outside the checks',
    observed: message,
    message,
    exchanges: [],
  };
}
