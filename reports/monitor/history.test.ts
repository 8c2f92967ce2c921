/**
 * The incident lifecycle on synthetic runs: what a run finds wrong (one target-level condition
 * when every check failed alike, a condition per other host of the profile that is down), what
 * it may resolve (only what it judged again and found passing), and when a condition alerts
 * (`--alert-after` runs in a row, never on an unconfirmed failure alone).
 */
import { describe, expect, it } from 'vitest';
import type { Finding, Rule } from '../../harness/model.js';
import { catalogueOf } from '../run-info.js';
import { buildSummary } from '../summary.js';
import { SAMPLE_RULES, sampleInfo } from '../testing/sample.js';
import { HISTORY_FORMAT } from './history.js';
import { monitorLines } from './lines.js';
import type { HistoryRecord, RunInfo, RunSummary, TrackedCondition } from '../types.js';

const BASE = 'https://api.example.com';
const LEGACY = 'https://ichra.example.com';
const RULES: Rule[] = [
  ...SAMPLE_RULES,
  { id: 'COUNTIES-200', section: '4.2', strength: 'stated', families: ['reference'], statement: 'Counties 200.' },
  { id: 'LEGACY-PLAN', section: '4.16', strength: 'inferred', families: ['legacy-ichra'], statement: 'Plan 200.' },
];

/** A check of `rules` whose one exchange to `url` got `got` (a status, or a transport error's code). */
function check(
  family: Finding['family'],
  rule: string,
  verdict: Finding['verdict'],
  got: number | string,
  url = `${BASE}/v1/ping`,
  confirmation?: Finding['confirmation'],
): Finding {
  const answered = typeof got === 'number';
  return {
    check: `${rule} check`,
    family,
    rules: [rule],
    verdict,
    exchanges: [
      {
        request: { method: 'GET', url, headers: {} },
        ...(answered ? { response: { status: got, headers: {}, body: '' } } : { error: got }),
        durationMs: 1,
      },
    ],
    ...(verdict === 'passed' ? { proof: { [rule]: [0] } } : {}),
    ...(confirmation ? { confirmation } : {}),
  };
}

const healthy = (): Finding[] => [
  check('utility', 'PING-200', 'passed', 200),
  check('reference', 'COUNTIES-200', 'passed', 200, `${BASE}/v1/reference/counties`),
  check('legacy-ichra', 'LEGACY-PLAN', 'passed', 200, `${LEGACY}/api/v1/plans/1`),
];

const info = (over: Partial<RunInfo> = {}, previous?: HistoryRecord, alertAfter = 1): RunInfo =>
  sampleInfo({
    runProfile: 'smoke',
    target: { name: 'production', baseUrl: BASE, embedded: false },
    families: ['utility', 'reference', 'legacy-ichra'],
    preflight: { url: `${BASE}/v1/ping`, role: 'approved', status: 200 },
    history: { ...(previous ? { previous } : {}), alertAfter },
    ...over,
  });

let clock = Date.parse('2025-01-01T00:00:00.000Z');
function run(findings: Finding[], over: Partial<RunInfo> = {}, previous?: HistoryRecord, alertAfter = 1): RunSummary {
  clock += 15 * 60_000;
  const i = info(
    { runId: `r${clock}`, startedAt: new Date(clock - 3000).toISOString(), ...over },
    previous,
    alertAfter,
  );
  return buildSummary(i, findings, catalogueOf(RULES), new Date(clock));
}

/** The record a run leaves (engine/monitor/history-store.ts writes the same, with what each destination heard). */
function recordAfter(summary: RunSummary): HistoryRecord {
  const h = summary.history!;
  return {
    format: HISTORY_FORMAT,
    target: { name: summary.target.name, baseUrl: summary.target.baseUrl },
    runProfile: summary.runProfile,
    runs: [
      { runId: summary.runId, finishedAt: summary.finishedAt, exitCode: summary.exitCode, outcome: summary.outcome },
    ],
    conditions: [...h.new, ...h.still, ...h.unjudged],
    told: {},
  };
}

const keys = (cs: readonly TrackedCondition[]) => cs.map((c) => c.key);
const stoppedAtPreflight = (exitCode: number, code: string): Partial<RunInfo> => ({
  preflight: undefined,
  preflightStop: { code, exitCode, message: 'x', fix: 'y', attempts: 3, confirmed: true },
});

describe('one outage, one incident', () => {
  it(
    'every check of the target failing alike (a 503 storm after the preflight) is one target-level condition, ' +
      'exit 9, routed to the service',
    () => {
      const storm = [
        check('utility', 'PING-200', 'failed', 503),
        check('reference', 'COUNTIES-200', 'failed', 503, `${BASE}/v1/reference/counties`),
        check('reference', 'ISSUERS-ORDER', 'failed', 502, `${BASE}/v1/reference/issuers`),
      ];
      const summary = run(storm, { families: ['utility', 'reference'] });
      expect(summary.exitCode).toBe(9);
      expect(summary.outcome).toBe('failed');
      expect(summary.history!.new.map((c) => [c.key, c.route])).toEqual([['target:down', 'service']]);
      expect(summary.history!.new[0]!.title).toMatch(
        /every check of api\.example\.com failed alike \(50[23], 50[23]; 3 checks\)/,
      );
      expect(monitorLines(summary).join('\n')).toMatch(
        /Down \(exit 9\): every check of api\.example\.com failed alike/,
      );
    },
  );

  it('one check failing on a 503 among passing ones is its rule, not an outage', () => {
    const findings = healthy();
    findings[1] = check('reference', 'COUNTIES-200', 'failed', 503, `${BASE}/v1/reference/counties`);
    const summary = run(findings);
    expect(summary.exitCode).toBe(1);
    expect(keys(summary.history!.new)).toEqual(['rule:COUNTIES-200']);
  });

  it(
    'the older ICHRA host answering 500 to everything fails the run (its only rule is inferred), as its own ' +
      'condition',
    () => {
      const findings = healthy();
      findings[2] = check('legacy-ichra', 'LEGACY-PLAN', 'warning', 500, `${LEGACY}/api/v1/plans/1`);
      const summary = run(findings);
      expect(summary.outcome).toBe('failed');
      expect(summary.exitCode).toBe(9);
      expect(keys(summary.history!.new)).toEqual(['host:ichra.example.com:down']);
    },
  );

  it('a host that refuses connections is down too (exit 4), its checks blocked, not failed', () => {
    const findings = healthy();
    findings[2] = {
      ...check('legacy-ichra', 'LEGACY-PLAN', 'blocked', 'ECONNREFUSED', `${LEGACY}/api/v1/plans/1`),
      blockedBy: 'E_TARGET_NOT_LISTENING',
    };
    const summary = buildSummary(info(), findings, catalogueOf(RULES), new Date(clock), false, {
      transportBlock: () => 4,
    });
    expect(summary.exitCode).toBe(4);
    expect(summary.history!.new.map((c) => [c.key, c.route])).toEqual([['host:ichra.example.com:down', 'network']]);
  });
});

describe('a run resolves only what it judged again and found passing', () => {
  const failing = () => {
    const findings = healthy();
    findings[1] = check('reference', 'COUNTIES-200', 'failed', 404, `${BASE}/v1/reference/counties`);
    return run(findings);
  };

  it('a run stopped at the preflight while the target is down keeps the rule conditions open', () => {
    const before = recordAfter(failing());
    const stopped = run([], stoppedAtPreflight(4, 'E_TARGET_RESET'), before);
    expect(stopped.history).toMatchObject({ recovered: [], new: [{ key: 'target:down', route: 'network' }] });
    expect(keys(stopped.history!.unjudged)).toEqual(['rule:COUNTIES-200']);
    // The next healthy run judges both again.
    const back = run(healthy(), {}, recordAfter(stopped));
    expect(keys(back.history!.recovered).sort()).toEqual(['rule:COUNTIES-200', 'target:down']);
  });

  it('a narrower run keeps what it did not select open', () => {
    const narrow = run([healthy()[0]!], { families: ['utility'] }, recordAfter(failing()));
    expect(narrow.history!.recovered).toEqual([]);
    expect(keys(narrow.history!.unjudged)).toEqual(['rule:COUNTIES-200']);
  });

  it('a run stopped at its deadline keeps the rules of the checks it did not run open', () => {
    const cut = healthy();
    cut[1] = { ...cut[1]!, verdict: 'not run', exchanges: [] };
    const late = buildSummary(info({}, recordAfter(failing())), cut, catalogueOf(RULES), {
      finishedAt: new Date(clock + 60_000),
      stopped: 'deadline',
    });
    expect(late.history!.recovered).toEqual([]);
    expect(keys(late.history!.unjudged)).toEqual(['rule:COUNTIES-200']);
  });

  it('a run that judged the rule and found it passing resolves it', () => {
    expect(keys(run(healthy(), {}, recordAfter(failing())).history!.recovered)).toEqual(['rule:COUNTIES-200']);
  });

  it('the key refused at the preflight: the target answered, so its outage is resolved; the rules stay open', () => {
    const down = run([], stoppedAtPreflight(4, 'E_TARGET_RESET'), recordAfter(failing()));
    const refused = run([], stoppedAtPreflight(5, 'E_TARGET_KEY_REFUSED'), recordAfter(down));
    expect(keys(refused.history!.recovered)).toEqual(['target:down']);
    expect(keys(refused.history!.new)).toEqual(['exit:5']);
    expect(keys(refused.history!.unjudged)).toEqual(['rule:COUNTIES-200']);
  });
});

describe('alerting', () => {
  const broken = () => {
    const findings = healthy();
    findings[1] = check('reference', 'COUNTIES-200', 'failed', 404, `${BASE}/v1/reference/counties`);
    return findings;
  };

  it('--alert-after 2: the first failing run is pending, the second in a row alerts', () => {
    const first = run(broken(), {}, undefined, 2);
    expect(first.history!.new[0]).toMatchObject({ key: 'rule:COUNTIES-200', runs: 1, alerting: false });
    expect(monitorLines(first).join('\n')).toContain('(1 of 2 runs before it alerts)');
    const second = run(broken(), {}, recordAfter(first), 2);
    expect(second.history!.still[0]).toMatchObject({ runs: 2, alerting: true, since: first.finishedAt });
  });

  it('a run between that did not judge it neither breaks nor extends the run of failures', () => {
    const first = run(broken(), {}, undefined, 2);
    const narrow = run([healthy()[0]!], { families: ['utility'] }, recordAfter(first), 2);
    expect(narrow.history!.unjudged[0]).toMatchObject({ runs: 1, alerting: false });
    expect(run(broken(), {}, recordAfter(narrow), 2).history!.still[0]).toMatchObject({ runs: 2, alerting: true });
  });

  it('an unconfirmed failure (the request budget spent) never alerts alone, even after one run', () => {
    const findings = healthy();
    findings[1] = check('reference', 'COUNTIES-200', 'failed', 503, `${BASE}/v1/reference/counties`, {
      result: 'unconfirmed',
      attempts: 1,
      earlier: [],
      reason: 'no budget left',
    });
    const first = run(findings);
    expect(first.history!.new[0]).toMatchObject({ confirmed: false, alerting: false });
    expect(monitorLines(first).join('\n')).toContain('unconfirmed: waits for another run');
    expect(run(findings, {}, recordAfter(first)).history!.still[0]).toMatchObject({ runs: 2, alerting: true });
  });

  it('an alerting condition found again stays alerting; one found passing is recovered', () => {
    const first = run(broken());
    expect(first.history!.new[0]!.alerting).toBe(true);
    const again = run(broken(), {}, recordAfter(first));
    expect(again.history!.still[0]!.alerting).toBe(true);
    expect(again.history!.changed).toBe(false);
  });

  it('a target whose base URL moved keeps its history: its conditions carry over, and the lines say so', () => {
    const before = {
      ...recordAfter(run(broken())),
      target: { name: 'production', baseUrl: 'https://old.example.com' },
    };
    const moved = run(broken(), {}, before);
    expect(keys(moved.history!.still)).toEqual(['rule:COUNTIES-200']);
    expect(moved.history!.moved).toEqual({ from: 'https://old.example.com' });
    expect(monitorLines(moved).join('\n')).toContain('the target moved from https://old.example.com');
  });
});
