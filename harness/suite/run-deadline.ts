/**
 * The run's overall deadline passed before the check ended (or began): its rules were not
 * tested, for a cause that is not theirs. The check is `blocked` by it.
 */
export class RunDeadlinePassed extends Error {
  readonly code = 'E_RUN_DEADLINE' as const;
  constructor() {
    super('the run reached its overall deadline before this check could finish');
    this.name = 'RunDeadlinePassed';
  }
}

/** What a check the deadline cut short is blocked by (`Finding.blockedBy`). */
export const RUN_DEADLINE = 'run deadline';

export const isRunDeadlinePassed = (e: unknown): e is RunDeadlinePassed => e instanceof RunDeadlinePassed;
