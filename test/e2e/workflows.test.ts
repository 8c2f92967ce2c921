/**
 * The GitHub Action (action.yml) and the three workflow templates that use it, parsed as YAML.
 * The action's run step is executed with a stand-in `node` to see the command it builds (parsed
 * with the CLI's own flag table, so the action cannot drift from the CLI) and that it keeps the
 * exit code; its route step is executed for real. actionlint checks the workflows (and the
 * action's inputs they give) when it is on the PATH; `.ci/run` installs it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFlags } from '../../cli/args.js';
import { PLAN_FLAGS } from '../../cli/plan-command.js';
import { RUN_FLAGS } from '../../cli/run-flags.js';
import { runProfileOf, seedOf, shardOf } from '../../engine/plan-inputs.js';
import { SIGNING_KEY_ENV } from '../../engine/signing-key.js';
import { PAGERDUTY_ROUTING_KEY_ENV } from '../../engine/monitor/notify/pagerduty.js';
import { EXIT_CODE_LIST, EXIT_CODES } from '../../harness/exit-codes.js';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  name: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  concurrency?: { group: string };
  jobs: Record<
    string,
    { 'runs-on': string; 'timeout-minutes': number; env?: Record<string, string>; steps: Step[]; strategy?: any }
  >;
}

const yamlOf = <T>(path: string) => load(readFileSync(join(PROJECT_ROOT, path), 'utf8')) as T;
const action = yamlOf<Action>('action.yml');
const stepOf = (steps: Step[], test: (s: Step) => boolean) => {
  const step = steps.find(test);
  if (!step) throw new Error('no such step');
  return step;
};

const scratch = mkdtempSync(join(tmpdir(), 'action-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs one of the action's bash steps with `env` in `cwd`; `node` on the PATH is `fakeNode` when given. */
function runStep(step: Step, env: Record<string, string>, fakeNode?: string, cwd = PROJECT_ROOT) {
  const bin = join(scratch, 'bin');
  const path = fakeNode ? `${bin}:${process.env.PATH}` : (process.env.PATH ?? '');
  if (fakeNode) {
    spawnSync('mkdir', ['-p', bin]);
    writeFileSync(join(bin, 'node'), fakeNode);
    chmodSync(join(bin, 'node'), 0o755);
  }
  const output = join(scratch, `output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(output, '');
  const run = spawnSync('bash', ['-eo', 'pipefail', '-c', step.run!], {
    cwd,
    encoding: 'utf8',
    env: { PATH: path, HOME: scratch, GITHUB_ACTION_PATH: PROJECT_ROOT, GITHUB_OUTPUT: output, ...env },
  });
  return { ...run, output: readFileSync(output, 'utf8') };
}

describe('the action (action.yml)', () => {
  const steps = action.runs.steps;
  const runStepOf = stepOf(steps, (s) => s.id === 'run');

  it('is a composite action whose inputs name a target profile, never a key', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs.target!.required).toBe(true);
    for (const name of [
      'profile',
      'families',
      'baseline',
      'args',
      'report-dir',
      'warn-on',
      'upload-report',
      'publish-junit',
    ])
      expect(Object.keys(action.inputs)).toContain(name);
    expect(Object.keys(action.inputs).filter((n) => /key|secret|token/i.test(n))).toEqual([]);
    expect(action.outputs['exit-code']!.value).toBe('${{ steps.run.outputs.exit-code }}');
  });

  it('builds a run command the CLI accepts from its inputs, and keeps the exit code for the last step', () => {
    const record = join(scratch, 'argv.json');
    const fake = `#!/bin/sh\nprintf '%s\\n' "$@" > ${record}\nexit 7\n`;
    const env = {
      TARGET: 'specs/profiles/staging.json',
      RUN_PROFILE: 'certification',
      FAMILIES: 'utility,quotes',
      BASELINE: 'conformance-baseline.json',
      REPORT_DIR: 'reports/out/x',
      EXTRA_ARGS: '--shard 2/3 --seed 7',
    };
    const ran = runStep(runStepOf, env, fake);
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.output).toBe('report-dir=reports/out/x\nartifact-name=partner-conformance-report-x\nexit-code=7\n');
    const argv = readFileSync(record, 'utf8').trim().split('\n');
    expect(argv[0]).toBe(join(PROJECT_ROOT, 'bin', 'partner-conformance.js'));
    expect(argv[1]).toBe('run');
    const flags = parseFlags('run', argv.slice(2), RUN_FLAGS);
    expect(flags).toMatchObject({
      target: env.TARGET,
      'report-dir': env.REPORT_DIR,
      baseline: env.BASELINE,
      seed: '7',
    });
    expect(runProfileOf(flags.profile as string)).toBe('certification');
    expect(flags.family).toEqual(['utility', 'quotes']);
    expect(shardOf(flags.shard as string)).toBe('2/3');
  });

  /** A stand-in `node`: appends each call's argv (a line each, `--` after a call), exits `code`; `-e` is real. */
  const recordingNode = (record: string, code: number) =>
    `#!/bin/sh\nif [ "$1" = -e ]; then exec ${process.execPath} "$@"; fi\n` +
    `printf '%s\\n' "$@" -- >> ${record}\nexit ${code}\n`;
  const callsOf = (record: string): string[][] =>
    readFileSync(record, 'utf8')
      .split('--\n')
      .filter(Boolean)
      .map((call) => call.trim().split('\n'));

  it('reads the args input as a shell splits words: quotes group, nothing is expanded or run', () => {
    const record = join(scratch, 'argv-quoted');
    const ran = runStep(
      runStepOf,
      {
        TARGET: 't.json',
        RUN_PROFILE: 'conformance',
        REPORT_DIR: 'reports/out/q',
        EXTRA_ARGS: `--rule "PING-200,PING-SCHEMA" --seed '7' --path $(touch ${join(scratch, 'pwned')})`,
      },
      recordingNode(record, 0),
    );
    expect(ran.status, ran.stderr).toBe(0);
    const [argv] = callsOf(record);
    expect(argv!.slice(-7)).toEqual([
      '--rule',
      'PING-200,PING-SCHEMA',
      '--seed',
      '7',
      '--path',
      '$(touch',
      `${join(scratch, 'pwned')})`,
    ]);
    expect(spawnSync('test', ['-e', join(scratch, 'pwned')]).status).toBe(1);
    const unmatched = runStep(runStepOf, { TARGET: 't.json', RUN_PROFILE: 'smoke', EXTRA_ARGS: '--rule "PING-200' });
    expect(unmatched.output).toContain('exit-code=2\n');
    expect(unmatched.stdout).toContain('::error title=partner-conformance args::the args input has an unmatched quote');
  });

  it('passes base-url and the exclusions, and gives each use in a job its own report folder and artifact', () => {
    const cwd = mkdtempSync(join(scratch, 'job-'));
    const record = join(scratch, 'argv-uses');
    const env = {
      TARGET: 't.json',
      RUN_PROFILE: 'conformance',
      BASE_URL: 'https://pr-7.preview.example.com',
      EXCLUDE_RULES: 'IDEMP-IN-PROGRESS-409',
      EXCLUDE_FAMILIES: 'medicare',
      PLAN: 'true',
    };
    const first = runStep(runStepOf, env, recordingNode(record, 0), cwd);
    const second = runStep(runStepOf, env, recordingNode(record, 0), cwd);
    expect(first.output).toMatch(
      /^report-dir=reports\/out\/partner-conformance\nartifact-name=partner-conformance-report\n/,
    );
    expect(second.output).toMatch(
      new RegExp(
        '^report-dir=reports/out/partner-conformance-2\\n' +
          'artifact-name=partner-conformance-report-partner-conformance-2\\n',
      ),
    );
    const calls = callsOf(record);
    expect(calls.map((argv) => argv[1])).toEqual(['plan', 'run', 'plan', 'run']);
    const run = parseFlags('run', calls[1]!.slice(2), RUN_FLAGS);
    expect(run).toMatchObject({
      'base-url': env.BASE_URL,
      'exclude-rule': [env.EXCLUDE_RULES],
      'exclude-family': [env.EXCLUDE_FAMILIES],
      'report-dir': 'reports/out/partner-conformance',
    });
    expect(parseFlags('plan', calls[0]!.slice(2), PLAN_FLAGS)).toMatchObject({ 'base-url': env.BASE_URL });
    expect(parseFlags('run', calls[3]!.slice(2), RUN_FLAGS)['report-dir']).toBe('reports/out/partner-conformance-2');
  });

  it('with plan only, runs the plan alone: its exit code and its outcome, no run', () => {
    const cwd = mkdtempSync(join(scratch, 'plan-'));
    const record = join(scratch, 'argv-plan');
    const ran = runStep(
      runStepOf,
      { TARGET: 't.json', RUN_PROFILE: 'smoke', PLAN: 'only' },
      recordingNode(record, 7),
      cwd,
    );
    expect(ran.output).toContain('exit-code=7\noutcome=incomplete\n');
    expect(callsOf(record).map((argv) => argv[1])).toEqual(['plan']);
  });

  it('outputs the outcome and the new failures its summary.json gives', () => {
    const cwd = mkdtempSync(join(scratch, 'outcome-'));
    spawnSync('mkdir', ['-p', join(cwd, 'reports/out/o')]);
    writeFileSync(join(cwd, 'reports/out/o/summary.json'), JSON.stringify({ outcome: 'failed', newFailures: 3 }));
    const ran = runStep(
      runStepOf,
      { TARGET: 't.json', RUN_PROFILE: 'smoke', REPORT_DIR: 'reports/out/o' },
      recordingNode(join(scratch, 'argv-outcome'), 1),
      cwd,
    );
    expect(ran.output).toContain('exit-code=1\noutcome=failed\nnew-failures=3\n');
    expect(action.outputs.outcome!.value).toBe('${{ steps.run.outputs.outcome }}');
    expect(action.outputs['new-failures']!.value).toBe('${{ steps.run.outputs.new-failures }}');
  });

  it('passes the monitoring inputs as flags of the CLI, and skips a destination whose secret is not set', () => {
    const record = join(scratch, 'argv-monitor.json');
    const fake = `#!/bin/sh\nprintf '%s\\n' "$@" > ${record}\nexit 1\n`;
    const ran = runStep(
      runStepOf,
      {
        TARGET: 'specs/profiles/production.json',
        RUN_PROFILE: 'smoke',
        REPORT_DIR: 'reports/out/smoke',
        HISTORY_DIR: '.partner-conformance/history',
        PUSH_GATEWAY: 'http://pushgateway:9091',
        NOTIFY:
          'pagerduty=https://events.pagerduty.com/v2/enqueue\nslack=https://hooks.example/T1\n credentials:slack= ' +
          'json=https://hooks.example/a?b=c*',
      },
      fake,
    );
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.output).toContain('exit-code=1\n');
    expect(ran.stdout).toContain('::warning title=partner-conformance notify::credentials:slack has no URL');
    expect(ran.stdout).toContain('::warning title=partner-conformance notify::pagerduty has no routing key');
    const flags = parseFlags('run', readFileSync(record, 'utf8').trim().split('\n').slice(2), RUN_FLAGS);
    expect(flags).toMatchObject({
      history: '.partner-conformance/history',
      'push-gateway': 'http://pushgateway:9091',
      notify: ['slack=https://hooks.example/T1', 'json=https://hooks.example/a?b=c*'],
    });
    // No baseline input: no --baseline flag.
    expect(flags.baseline).toBeUndefined();
  });

  it('restores the history before the run and saves it after, whatever the run ended with', () => {
    const restore = stepOf(steps, (s) => s.uses?.startsWith('actions/cache/restore@') ?? false);
    const save = stepOf(steps, (s) => s.uses?.startsWith('actions/cache/save@') ?? false);
    expect(steps.indexOf(restore)).toBeLessThan(steps.indexOf(runStepOf));
    expect(steps.indexOf(save)).toBeGreaterThan(steps.indexOf(runStepOf));
    expect(save.if).toMatch(/^always\(\) && /);
    expect(restore.with!['restore-keys']).toBe('${{ inputs.history-cache }}-');
    expect(save.with!.key).toBe(restore.with!.key);
    expect(save.with!.path).toBe('${{ inputs.history-dir }}');
  });

  it('publishes the JUnit results and uploads the reports whatever the run ended with', () => {
    const publish = stepOf(steps, (s) => s.uses?.startsWith('dorny/test-reporter@') ?? false);
    const upload = stepOf(steps, (s) => s.uses?.startsWith('actions/upload-artifact@') ?? false);
    expect(publish.if).toMatch(/^always\(\) && inputs\.publish-junit == 'true'$/);
    expect(upload.if).toMatch(/^always\(\) && inputs\.upload-report == 'true'$/);
    expect(publish.with!.path).toBe('${{ steps.run.outputs.report-dir }}/junit.xml');
    expect(upload.with!.path).toBe('${{ steps.run.outputs.report-dir }}');
    expect(upload.with!.name).toBe('${{ steps.run.outputs.artifact-name }}');
    expect(steps.indexOf(publish)).toBeGreaterThan(steps.indexOf(runStepOf));
  });

  it('routes every exit code in a last step that always runs: the code fails the job unless warn-on lists it', () => {
    const route = steps.at(-1)!;
    expect(route.if).toBe('always()');
    expect(route.env!.CODE).toBe('${{ steps.run.outputs.exit-code }}');
    for (const code of EXIT_CODE_LIST) {
      const ran = runStep(route, { CODE: String(code), GITHUB_ACTIONS: 'true' });
      const fails = EXIT_CODES[code].route !== 'none';
      expect(ran.status, `${code}: ${ran.stderr}`).toBe(fails ? 1 : 0);
      expect(ran.stdout).toContain(`partner-conformance exit ${code} (${EXIT_CODES[code].name})`);
    }
    // Whose it is, as the step's output, for a later step to route further.
    expect(runStep(route, { CODE: '5', GITHUB_ACTIONS: 'true' }).output).toBe('route=credentials\n');
    expect(action.outputs.route!.value).toBe('${{ steps.route.outputs.route }}');
    const warned = runStep(route, { CODE: '2', WARN_ON: '2,3', GITHUB_ACTIONS: 'true' });
    expect(warned.status).toBe(0);
    expect(warned.stdout).toMatch(/^::warning title=partner-conformance exit 2/);
    // A run step that never wrote its code (the runner died) is routed as the suite's own error.
    expect(runStep(route, { CODE: '' }).status).toBe(1);
  });
});

const WORKFLOWS = {
  staging: { file: 'staging-conformance.yml', profile: 'conformance' },
  nightly: { file: 'nightly-certification.yml', profile: 'certification' },
  smoke: { file: 'production-smoke.yml', profile: 'smoke' },
} as const;

/** Secrets a workflow passes that are not keys of the target: the evidence's signing key, PagerDuty's routing key. */
const OTHER_SECRETS: string[] = [SIGNING_KEY_ENV, PAGERDUTY_ROUTING_KEY_ENV];

const workflow = (file: string) => yamlOf<Workflow>(join('.github', 'workflows', file));

/** The steps of a workflow that use the action, with the job they are in. */
function actionUses(file: string) {
  return Object.values(workflow(file).jobs).flatMap((job) =>
    job.steps.filter((s) => s.uses === './').map((step) => ({ job, step })),
  );
}

describe.each(Object.entries(WORKFLOWS))('%s workflow', (_name, { file, profile }) => {
  const text = readFileSync(join(PROJECT_ROOT, '.github', 'workflows', file), 'utf8');
  const uses = actionUses(file);

  it('runs the action once, bounded, with inputs it declares, a shipped target profile and its run profile', () => {
    expect(uses).toHaveLength(1);
    const { job, step } = uses[0]!;
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job['timeout-minutes']).toBeGreaterThan(0);
    expect(job.steps[0]!.uses).toMatch(/^actions\/checkout@v([5-9]|\d\d)$/);
    for (const input of Object.keys(step.with!)) expect(Object.keys(action.inputs)).toContain(input);
    expect(runProfileOf(step.with!.profile)).toBe(profile);
    expect(step.with!.target).toMatch(/^specs\/profiles\/\w+\.json$/);
    expect(step.with!['report-dir']).toMatch(/^reports\/out\//);
  });

  it('sets every key variable of its target profile from a secret, never a literal', () => {
    const { job, step } = uses[0]!;
    const target = loadTargetProfile(join(PROJECT_ROOT, step.with!.target!));
    const env = Object.entries(job.env ?? {}).filter(([name]) => /KEY/.test(name) && !OTHER_SECRETS.includes(name));
    for (const [name, value] of Object.entries(job.env ?? {}))
      if (OTHER_SECRETS.includes(name)) expect(value, name).toMatch(/^\$\{\{\s*secrets\.[A-Z0-9_]+\s*\}\}$/);
    for (const { env: variable } of Object.values(target.keys)) expect(Object.keys(job.env ?? {})).toContain(variable);
    const known = new Set(Object.values(loadTargetProfile(referenceProfilePath()).keys).map((k) => k.env));
    for (const [name, value] of env) {
      expect([...known], name).toContain(name);
      expect(value, name).toMatch(
        /^\$\{\{\s*secrets(\.[A-Z0-9_]+|\[format\('[A-Z0-9_]+\{0\}', matrix\.shard\)\])\s*\}\}$/,
      );
    }
    if (profile === 'smoke') expect(target.readOnly).toBe(true);
    expect(text).not.toMatch(/x-api-key/i);
  });
});

describe('triggers and scheduling', () => {
  it('runs staging conformance when a deployment to staging succeeds', () => {
    const flow = workflow(WORKFLOWS.staging.file);
    expect(Object.keys(flow.on)).toContain('deployment_status');
    const job = Object.values(flow.jobs)[0] as unknown as { if: string };
    expect(job.if).toContain("github.event.deployment_status.state == 'success'");
    expect(job.if).toContain("github.event.deployment.environment == 'staging'");
  });

  it(
    'runs the smoke check every 15 minutes, one run at a time, without paging for its own setup, an incomplete watch ' +
      'or slowness',
    () => {
      const flow = workflow(WORKFLOWS.smoke.file);
      expect(flow.on.schedule).toEqual([{ cron: '*/15 * * * *' }]);
      expect(flow.concurrency?.group).toBe('production-smoke');
      expect(actionUses(WORKFLOWS.smoke.file)[0]!.step.with!['warn-on']).toBe('2,3,7,10');
    },
  );

  it('runs the smoke check as a monitor: history carried in the cache, changes told by route, metrics pushed', () => {
    const { job, step } = actionUses(WORKFLOWS.smoke.file)[0]!;
    const inputs = step.with!;
    expect(inputs['history-dir']).toBeTruthy();
    expect(inputs['history-cache']).toBeTruthy();
    expect(inputs['push-gateway']).toMatch(/^\$\{\{\s*vars\.[A-Z_]+\s*\}\}$/);
    // Split as the action's shell will, once GitHub has put the secrets in place of `${{ ... }}`.
    const specs = inputs.notify!.match(/(?:\$\{\{[^}]*\}\}|[^\s])+/g) ?? [];
    expect(specs.map((s) => s.split('=')[0])).toEqual(['pagerduty', 'slack', 'credentials:slack']);
    // Webhook URLs are secrets too; PagerDuty's is public, its routing key a secret of the job.
    for (const spec of specs.filter((s) => !s.startsWith('pagerduty=')))
      expect(spec.split('=').slice(1).join('=')).toMatch(/^\$\{\{\s*secrets\.[A-Z0-9_]+\s*\}\}$/);
    expect(job.env![PAGERDUTY_ROUTING_KEY_ENV]).toMatch(/^\$\{\{\s*secrets\./);
  });

  it('runs certification nightly, split into as many shards as the matrix has, each with its own keys', () => {
    const flow = workflow(WORKFLOWS.nightly.file);
    expect((flow.on.schedule as Array<{ cron: string }>)[0]!.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    const { job, step } = actionUses(WORKFLOWS.nightly.file)[0]!;
    const shards = job.strategy.matrix.shard as number[];
    expect(shards).toEqual(Array.from({ length: Number(job.env!.SHARD_COUNT) }, (_, i) => i + 1));
    expect(job.strategy['fail-fast']).toBe(false);
    // Each shard's keys are chosen by its index, so shards never share a rate budget.
    for (const [name, value] of Object.entries(job.env!))
      if (/KEY/.test(name) && !OTHER_SECRETS.includes(name)) expect(value).toContain('matrix.shard');
    // The shards' uploads hold their bundles, which the merge job reads.
    expect(step.with!['artifact-name']).toBe('certification-shard-${{ matrix.shard }}');
    expect(JSON.stringify(flow.jobs['merge-evidence'])).toContain('certification-shard-*/bundle');
  });

  it("runs every shard with the seed its first job draws, on the provider's document: their bundles merge", () => {
    const flow = workflow(WORKFLOWS.nightly.file);
    const { job, step } = actionUses(WORKFLOWS.nightly.file)[0]!;
    expect((job as unknown as { needs: string }).needs).toBe('seed');
    // Split as the action's shell will, once GitHub has put its values in place of `${{ ... }}`.
    const flags = parseFlags('run', step.with!.args!.match(/(?:\$\{\{[^}]*\}\}|[^\s])+/g)!, RUN_FLAGS);
    expect(flags).toMatchObject({
      shard: '${{ matrix.shard }}/${{ env.SHARD_COUNT }}',
      seed: '${{ needs.seed.outputs.seed }}',
      spec: 'specs/provider/openapi.json',
    });
    const draw = flow.jobs.seed!.steps.find((s) => s.id === 'draw')!;
    expect((flow.jobs.seed as unknown as { outputs: Record<string, string> }).outputs.seed).toBe(
      '${{ steps.draw.outputs.seed }}',
    );
    const drawn = [1, 2, 3].map(() => runStep(draw, { GIVEN: '' }));
    for (const run of drawn) {
      expect(run.status, run.stderr).toBe(0);
      const seed = /^seed=(\d+)\n$/.exec(run.output)?.[1];
      expect(Number(seed)).toBeLessThan(2 ** 31);
      expect(seedOf(seed)).toBe(Number(seed));
    }
    expect(new Set(drawn.map((r) => r.output)).size).toBeGreaterThan(1);
    expect(runStep(draw, { GIVEN: '42' }).output).toBe('seed=42\n');
    const wrong = runStep(draw, { GIVEN: '4 2; rm -rf /' });
    expect(wrong.status).not.toBe(0);
    expect(wrong.output).toBe('');
  });
});

const actionlint = spawnSync('sh', ['-c', 'command -v actionlint'], { encoding: 'utf8' }).stdout.trim();

describe.skipIf(!actionlint)(
  `actionlint${actionlint ? '' : ' (skipped: actionlint is not on the PATH; .ci/run installs it)'}`,
  () => {
    it('finds nothing in the workflows, nor in the inputs they give the action', () => {
      const ran = spawnSync(actionlint, ['-no-color'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
      expect(ran.stdout + ran.stderr).toBe('');
      expect(ran.status).toBe(0);
    });
  },
);
