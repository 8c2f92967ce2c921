/**
 * Runs a peer's process, bounded in time, its output kept in memory (bounded) with key values
 * scrubbed before anything is written to disk.
 */
import { spawn } from 'node:child_process';

export interface Spawned {
  code: number | null;
  output: string;
  timedOut: boolean;
}

const MAX_OUTPUT = 4 * 1024 * 1024;

export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number; secrets?: readonly string[] },
): Promise<Spawned> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const done = (code: number | null) => {
      clearTimeout(timer);
      resolve({ code, output: scrub(output, options.secrets ?? []), timedOut });
    };
    child.once('error', (err) => {
      output += `\n${err.message}`;
      done(null);
    });
    child.once('close', done);
  });
}

/** Every occurrence of a secret replaced by `<redacted>`. */
function scrub(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((t, s) => t.split(s).join('<redacted>'), text);
}
