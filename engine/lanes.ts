/**
 * Many runs over a few lanes: each lane keeps one suite runner (one vitest worker) for all its
 * runs and takes the next job when it is free, so at most `lanes` runs go at once. The mutation
 * campaign and the variants matrix both run their jobs this way.
 */
import type { Family } from '../harness/model.js';
import { createSuiteRunner, type SuiteRunner } from './suite-runner.js';

export interface LaneOptions {
  lanes: number;
  families: readonly Family[];
  /** Builds a lane's runner (default: vitest). */
  createRunner?: (families: readonly Family[]) => Promise<SuiteRunner>;
}

/** Runs `work` for every job, `lanes` at a time; resolves with the number of lanes used. */
export async function onLanes<J>(
  jobs: readonly J[],
  options: LaneOptions,
  work: (runner: SuiteRunner, job: J, runId: string) => Promise<void>,
): Promise<number> {
  const lanes = Math.max(1, Math.min(options.lanes, jobs.length));
  let next = 0;
  const lane = async (laneIndex: number) => {
    const runner = await (options.createRunner ?? createSuiteRunner)(options.families);
    try {
      for (let index = next++; index < jobs.length; index = next++)
        await work(runner, jobs[index]!, `${laneIndex}${String(index + 1).padStart(3, '0')}`);
    } finally {
      await runner.close();
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
  return lanes;
}
