/** Where a command writes: injectable so tests can capture it. */
export interface CliIO {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
}

export const processIO: CliIO = { out: process.stdout, err: process.stderr };
