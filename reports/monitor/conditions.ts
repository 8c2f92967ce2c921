/**
 * What is wrong in a run, as conditions the next run can tell apart (`--history`), and which
 * conditions the run judged: only a condition a run judged again and did not find is recovered;
 * one it did not judge (a rule it did not run, a host it did not reach, a run the preflight
 * stopped) stays as the last run that judged it left it.
 *
 * Keys: `target:down` (the base URL's host down: the preflight stopped the run on a cause of
 * exit 4 or 9, or every check of the host failed alike), `host:<host>:down` (another host of the
 * profile down), `exit:<code>` (any other exit code but 0, 1 and 130, with its cause), and
 * `rule:<ID>` (a failed rule the run does not accept, unless an outage is all it shows).
 */
import { EXIT_CODES, exitCodeSpec } from '../../harness/exit-codes.js';
import type { Finding } from '../../harness/model.js';
import { overBudgetLine, type LatencyJudgement } from './latency.js';
import { hostOf, hostsJudged, outageLine, shownByOutage, type HostOutage } from './outage.js';
import type { Condition, RuleOutcome } from '../types.js';

/** What a run's summary holds that makes its conditions and says which it judged. */
export interface RunState {
  runId: string;
  finishedAt: string;
  exitCode: number;
  target: { baseUrl: string };
  ruleVerdicts: Record<string, RuleOutcome>;
  /** Failed rules the run accepts (known in its baseline, or excluded): not conditions. */
  acceptedRules?: readonly string[];
  /** Codes of the causes that blocked checks or stopped the run (`E_TARGET_NOT_LISTENING`). */
  causes: string[];
  latency?: LatencyJudgement;
  findings: readonly Finding[];
  outages: readonly HostOutage[];
  /** The preflight stopped the run: its exit code, and whether every ping of its window showed the cause. */
  preflightStop?: { exitCode: number; confirmed?: boolean };
  /** The preflight pinged the base URL (a remote target). */
  pinged: boolean;
  /** Stopped before its end (Ctrl-C, the run's deadline). */
  stopped: boolean;
}

/** Exit codes that are not a condition: passed, a rule failed (its rules are the conditions), interrupted. */
const NOT_A_CONDITION = new Set([0, 1, 130]);
/** Exit codes of a host that is down: the outage is the condition, not the exit code. */
const DOWN = new Set([4, 9]);
/** Exit codes the preflight alone decides, judged by any run whose preflight got an answer that was not a 5xx. */
const PREFLIGHT_JUDGED = new Set([5, 8]);

const downKey = (o: Pick<HostOutage, 'host' | 'target'>) => (o.target ? 'target:down' : `host:${o.host}:down`);
const exitTitle = (code: number, detail: string) =>
  `exit ${code} (${exitCodeSpec(code)?.name ?? '?'})${detail ? `: ${detail}` : ''}`;
const confirmedFinding = (f: Finding) => f.confirmation?.result !== 'unconfirmed';

/** The failed findings that make each rule a condition: not accepted, and not only an outage's. */
function ruleFailures(state: RunState): Map<string, Finding[]> {
  const accepted = new Set(state.acceptedRules ?? []);
  const failing = new Map<string, Finding[]>();
  for (const f of state.findings)
    if (f.verdict === 'failed' && !shownByOutage(f, state.outages))
      for (const rule of f.rules)
        if (state.ruleVerdicts[rule]?.verdict === 'failed' && !accepted.has(rule))
          failing.set(rule, [...(failing.get(rule) ?? []), f]);
  return failing;
}

/** What is wrong in a run, each condition new as of this run. */
export function conditionsOf(state: RunState): Condition[] {
  const since = { since: state.finishedAt, sinceRunId: state.runId };
  const stop = state.preflightStop;
  const downs = state.outages.map((o) => ({
    key: downKey(o),
    route: EXIT_CODES[o.exitCode].route,
    title: exitTitle(o.exitCode, outageLine(o)),
    ...since,
    confirmed: o.confirmed,
  }));
  const code = state.exitCode;
  const detail = [...state.causes, ...(state.latency?.over.map(overBudgetLine) ?? [])].join('; ');
  const explained = downs.length > 0 && DOWN.has(code);
  const spec = exitCodeSpec(code);
  const exit =
    NOT_A_CONDITION.has(code) || !spec || explained
      ? []
      : [
          {
            key: stop && DOWN.has(code) ? 'target:down' : `exit:${code}`,
            route: spec.route,
            title: exitTitle(code, detail),
            ...since,
            confirmed: stop?.confirmed ?? true,
          },
        ];
  const rules = [...ruleFailures(state)].map(([id, failures]) => {
    const outcome = state.ruleVerdicts[id]!;
    return {
      key: `rule:${id}`,
      route: EXIT_CODES[1].route,
      title:
        `${id}${outcome.section ? ` §${outcome.section}` : ''} ` +
        `failed${outcome.statement ? `: ${outcome.statement}` : ''}`,
      ...since,
      confirmed: failures.some(confirmedFinding),
    };
  });
  return [...exit, ...downs, ...rules];
}

/** Whether the run judged the condition `key`: a run finds gone only what it judged. */
export function judgedBy(state: RunState): (key: string) => boolean {
  const stop = state.preflightStop;
  const hosts = hostsJudged(state.findings, state.target.baseUrl, state.pinged || stop !== undefined);
  const accepted = new Set(state.acceptedRules ?? []);
  const failing = ruleFailures(state);
  const ranToItsEnd = !stop && !state.stopped;
  return (key) => {
    if (key === 'target:down') return hosts.has(hostOf(state.target.baseUrl));
    const host = /^host:(.+):down$/.exec(key)?.[1];
    if (host !== undefined) return hosts.has(host);
    const rule = /^rule:(.+)$/.exec(key)?.[1];
    if (rule !== undefined) {
      const verdict = state.ruleVerdicts[rule]?.verdict;
      return verdict === 'passed' || accepted.has(rule) || failing.has(rule);
    }
    const code = Number(/^exit:(\d+)$/.exec(key)?.[1]);
    if (PREFLIGHT_JUDGED.has(code)) return !stop || PREFLIGHT_JUDGED.has(stop.exitCode);
    return ranToItsEnd;
  };
}
