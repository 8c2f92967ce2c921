/**
 * What a user pays before the first request: starting Node with the TypeScript loader and
 * loading the CLI (`partner-conformance --version`). The in-process figures of bench/run.ts
 * start after this, so it is measured apart and added in the report.
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../harness/paths.js';

export interface Startup {
  /** Wall time of `node --import tsx cli/main.ts --version`. */
  cliVersionMs: number;
}

const BOUND_MS = 60_000;

export async function measureStartup(): Promise<Startup> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', '--version'], {
      cwd: PROJECT_ROOT,
      stdio: 'ignore',
      timeout: BOUND_MS,
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the CLI exited ${code} on --version`))));
  });
  return { cliVersionMs: performance.now() - started };
}
