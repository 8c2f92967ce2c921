/** Where a run or a command writes: injectable so tests can capture it. */
export interface RunIO {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
}

export const processIO: RunIO = { out: process.stdout, err: process.stderr };
