/**
 * A property its time limit stopped before it made all its runs. The runs it made passed, but a
 * property is a claim over all of them: cut short, it proved nothing of its rules. Its check is
 * `not run`, as a check the run's stop leaves unfinished, and the finding keeps the runs made.
 */
import type { PropertyRuns } from '../model.js';

export class PropertyCutShort extends Error {
  readonly code = 'E_PROPERTY_CUT_SHORT' as const;
  constructor(
    readonly runs: PropertyRuns,
    readonly timeLimitMs: number,
  ) {
    super(
      `the property was cut short by its time limit (${Math.round(timeLimitMs / 1000)} s) after ` +
        `${runs.executed} of its ${runs.planned} runs`,
    );
    this.name = 'PropertyCutShort';
  }

  /** What its rules need to be proven. */
  get needs(): string {
    const { planned, executed } = this.runs;
    return `its property to make all its ${planned} runs (its time limit cut it short after ${executed})`;
  }
}

export const isPropertyCutShort = (e: unknown): e is PropertyCutShort => e instanceof PropertyCutShort;
