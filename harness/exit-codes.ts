/**
 * The exit codes of the command line: what each means, what to do, and whose it is to act on.
 * One table: `--help`, docs/exit-codes.md's table (written by npm run docs), the `route` command
 * and the GitHub Action (action.yml) read it; the code that decides a run's exit code uses
 * these numbers.
 */

/**
 * Who acts on a code. `contract`: the API's owner (the target broke its contract); `network`:
 * whoever runs the path to the target; `credentials`: the owner of the key's secret;
 * `service`: the target's operator (it answers, but unwell); `performance`: whoever watches its
 * answer times (it answers well, slowly: not an outage); `setup`: whoever owns the check
 * setup (profile, flags, keys, fixtures: the target was not or not fully tested); `suite`: the
 * suite's maintainers; `none`: nothing to do.
 */
export type ExitRoute = 'none' | 'contract' | 'network' | 'credentials' | 'service' | 'performance' | 'setup' | 'suite';

export interface ExitCodeSpec {
  /** A short name, e.g. `failed`. */
  name: string;
  /** What the code means, in a line. */
  meaning: string;
  /** What to do about it, in a line. */
  action: string;
  route: ExitRoute;
}

export const EXIT_CODES = {
  0: {
    name: 'passed',
    meaning:
      'every check passed (warnings on inferred rules allowed, and failures the run accepts: `known` in its ' +
      '`--baseline`, or of `--exclude-rule` rules)',
    action: 'nothing',
    route: 'none',
  },
  1: {
    name: 'failed',
    meaning:
      'a rule failed (or, with `--strict`, an inferred rule warned) that the run does not accept: new, or its ' +
      'baseline entry expired; `mutation`: a fault missed or a false failure; `variants`: a variant failed or warned',
    action: 'open `report.html`: each failure names its rule and exchange',
    route: 'contract',
  },
  2: {
    name: 'setup',
    meaning: 'usage or configuration error, or every selected check skipped: nothing was tested',
    action: 'read the `E_...` line on stderr and its `fix:` line',
    route: 'setup',
  },
  3: {
    name: 'internal',
    meaning: 'internal error of the suite',
    action: 'file an issue with the stderr output',
    route: 'suite',
  },
  4: {
    name: 'unreachable',
    meaning:
      'the target cannot be reached: no such host, nothing listening, TLS handshake failed (an untrusted ' +
      'certificate too), the proxy refused or cannot be reached, no connection in time, the connection closed or ' +
      'reset before any answer (preflight); or checks blocked by one of these during the run',
    action:
      'check the address, DNS, the service and the network path; the `E_TARGET_...` (or `E_PROXY_...`) line says which',
    route: 'network',
  },
  5: {
    name: 'key refused',
    meaning: 'the target refused one of our keys: 401 or 403 on the preflight ping of a key role',
    action: "check the key in the variable the message names for that role (revoked, rotated, another environment's)",
    route: 'credentials',
  },
  6: {
    name: 'setup steps blocked',
    meaning:
      "checks blocked by a setup step the target did not complete, and no rule failed (a submission the profile's " +
      'test carrier should accept ended `submission_failed`): the target is not set up as the profile says',
    action:
      'read the `Setup steps that failed` block: it names the step, its exchange and a fix (a fixture, a test carrier)',
    route: 'setup',
  },
  7: {
    name: 'incomplete',
    meaning:
      'nothing failed, but a rule the run profile requires was not proven: its checks were skipped for a key role, ' +
      'fixture or capability the profile lacks, blocked, not run (the run was stopped, by Ctrl-C or its overall ' +
      'deadline `runTimeoutMs`), or not reached; `plan`: such a run would be incomplete',
    action:
      'read the `Incomplete` block (and the `E_INCOMPLETE` line on stderr): it names each rule and what it needs; ' +
      'give the profile that, or narrow the run with `--family`/`--rule` to what you mean to prove; a run stopped ' +
      'at its deadline (`stopped: deadline`) needs a faster target or a longer `runTimeoutMs`',
    route: 'setup',
  },
  8: {
    name: 'not the API',
    meaning:
      'the target is not the API as configured: the preflight ping did not return the ping object (an HTML page, ' +
      "another service's JSON, a redirect) or answered 404 (a wrong path prefix)",
    action: 'check `baseUrl` (scheme, host, port, path prefix); the `E_TARGET_...` line says which and what came back',
    route: 'setup',
  },
  9: {
    name: 'unhealthy',
    meaning:
      'the target is unhealthy: the preflight ping answered a 5xx on every attempt of its confirmation; or a host ' +
      'of the profile answered every check that reached it with a 5xx during the run',
    action:
      "the service is up but failing: its owner's logs, not the contract, come first; run again once it is healthy",
    route: 'service',
  },
  10: {
    name: 'degraded',
    meaning:
      "every check passed, but answers came slower than their latency budget (the target profile's `latency`, else " +
      "the run profile's default)",
    action: 'read the `Over latency budget` lines: each names the operation, its duration and its budget',
    route: 'performance',
  },
  130: {
    name: 'interrupted',
    meaning:
      'stopped by Ctrl-C (SIGINT) before its end: the checks it had not finished are `not run`, never passed; the ' +
      'target was not fully tested',
    action:
      'run it again to its end; the reports are written, marked `INCOMPLETE (interrupted)` (`summary.json`: ' +
      '`interrupted: true`, `stopped.reason`); a second Ctrl-C stops at once',
    route: 'setup',
  },
} as const satisfies Record<number, ExitCodeSpec>;

export type ExitCode = keyof typeof EXIT_CODES;

/** Every exit code, in order. */
export const EXIT_CODE_LIST = Object.keys(EXIT_CODES).map(Number) as ExitCode[];

/** The entry of `code`, or undefined for a number the command line never exits with. */
export function exitCodeSpec(code: number): ExitCodeSpec | undefined {
  return Object.hasOwn(EXIT_CODES, code) ? EXIT_CODES[code as ExitCode] : undefined;
}

/** `0 passed, 1 failed, ...`: the codes for `--help`, wrapped under 100 columns. */
export function exitCodesLine(): string {
  const lines = [''];
  for (const code of EXIT_CODE_LIST) {
    const word = `${code} ${EXIT_CODES[code].name}`;
    const last = lines.length - 1;
    if (lines[last]!.length + word.length > 80) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]}, ${word}` : word;
  }
  return lines.join(',\n');
}

/** How a run ended, in the terms its exit code is decided on (reports/summary.ts builds it). */
export interface RunEnding {
  /** The run's outcome (`runOutcomeOf`; a failure the run accepts is no `failed`). */
  outcome: 'passed' | 'failed' | 'empty' | 'blocked' | 'incomplete' | 'degraded' | 'unusable';
  /** Stopped by Ctrl-C. */
  interrupted?: boolean;
  /** The exit code of the cause that stopped the run at its preflight (4, 5, 8, 9). */
  preflightStop?: number;
  /** The exit code of the first transport cause that blocked checks during the run (4, 5). */
  transportBlock?: number;
  /** Every blocked check was blocked by a setup step the target did not complete (none by the network). */
  onlySetupBlocked?: boolean;
}

const OUTCOME_EXIT: Record<Exclude<RunEnding['outcome'], 'unusable'>, ExitCode> = {
  passed: 0,
  failed: 1,
  empty: 2,
  blocked: 4,
  incomplete: 7,
  degraded: 10,
};

/** A run that proved less than its run profile requires (`plan`: would prove less). */
export const INCOMPLETE_EXIT = OUTCOME_EXIT.incomplete;

/** A run stopped by Ctrl-C (128 + SIGINT), its partial report written. */
export const INTERRUPTED_EXIT = 130;

/**
 * The exit code of a run: the one rule. Ctrl-C 130; the preflight's cause; 3 for a run that
 * could not judge; else its outcome's (0 passed, 1 failed, 2 nothing tested, 4 blocked, 7
 * incomplete, 10 degraded), with 6 for checks blocked only by setup steps and a transport
 * cause's code (4, 5) over a failure it caused.
 */
export function runExitCode(run: RunEnding): ExitCode {
  if (run.interrupted) return INTERRUPTED_EXIT;
  if (run.preflightStop !== undefined) return run.preflightStop as ExitCode;
  if (run.outcome === 'unusable') return 3;
  if (run.outcome === 'blocked' && run.onlySetupBlocked) return 6;
  if (run.outcome === 'failed' && run.transportBlock !== undefined) return run.transportBlock as ExitCode;
  return OUTCOME_EXIT[run.outcome];
}
