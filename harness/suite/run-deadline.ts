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

/**
 * A request's timeout within the run's deadline (`deadlineAt`, ms since the epoch): its own, or
 * what is left of the run when that is less, so no wait outlasts the run; throws RunDeadlinePassed
 * once nothing is left. Without a deadline, its own.
 */
export function timeoutWithin(deadlineAt: number | undefined, timeoutMs: number, now = Date.now()): number {
  if (deadlineAt === undefined) return timeoutMs;
  const left = deadlineAt - now;
  if (left <= 0) throw new RunDeadlinePassed();
  return Math.min(timeoutMs, left);
}

/** Throws RunDeadlinePassed when the run's deadline has passed (after a wait it bounded). */
export function checkDeadline(deadlineAt: number | undefined, now = Date.now()): void {
  if (deadlineAt !== undefined && now >= deadlineAt) throw new RunDeadlinePassed();
}
