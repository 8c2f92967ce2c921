/** The machine a figure was measured on: figures mean nothing without it. */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average when the figure was taken: the machine is shared. */
  loadAverage: number;
}

export function machine(): Machine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}
