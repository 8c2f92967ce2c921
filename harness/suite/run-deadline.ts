/**
 * The run's overall deadline passed before the check ended (or began): its rules were not
 * tested. The check is `not run`, as every check the run's stop leaves unfinished.
 */
export class RunDeadlinePassed extends Error {
  readonly code = 'E_RUN_DEADLINE' as const;
  constructor() {
    super('the run reached its deadline before this check finished');
    this.name = 'RunDeadlinePassed';
  }
}

export const isRunDeadlinePassed = (e: unknown): e is RunDeadlinePassed => e instanceof RunDeadlinePassed;
