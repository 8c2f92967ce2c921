/**
 * The GitHub Actions workflows (issue "Ready for CI", section 3), read as text: no YAML parser
 * is a dependency of this project, so the essentials are asserted line by line. Commands are
 * parsed with the CLI's own flag table, so a workflow cannot drift from the CLI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../cli/args.js';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { RUN_FLAGS } from '../../cli/run-flags.js';
import { runProfileOf, shardOf } from '../../engine/plan-inputs.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';
import { SIGNING_KEY_ENV } from '../../engine/signing-key.js';

const read = (name: string) => readFileSync(join(PROJECT_ROOT, '.github', 'workflows', name), 'utf8');

const WORKFLOWS = {
  staging: { file: 'staging-conformance.yml', profile: 'conformance' },
  nightly: { file: 'nightly-certification.yml', profile: 'certification' },
  smoke: { file: 'production-smoke.yml', profile: 'smoke' },
} as const;

/** `run:` lines that start the CLI, as argv after `run`, with GitHub expressions replaced by sample values. */
function cliCommands(text: string): string[][] {
  return [...text.matchAll(/^\s*(?:- )?(?:run: )?npx partner-conformance run (.+)$/gm)].map((m) =>
    m[1]!
      .replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, '1')
      .replace(/\$\{\{\s*env\.SHARD_COUNT\s*\}\}/g, '3')
      .trim()
      .split(/\s+/),
  );
}

/** `NAME: value` pairs of every env entry whose name says it holds a key. */
function keyEnv(text: string): Array<[string, string]> {
  return [...text.matchAll(/^\s+([A-Z][A-Z0-9_]*KEY[A-Z0-9_]*):\s*(.+)$/gm)]
    .filter((m) => m[1] !== SIGNING_KEY_ENV)
    .map((m) => [m[1]!, m[2]!.trim()]);
}

describe.each(Object.entries(WORKFLOWS))('%s workflow', (_name, { file, profile }) => {
  const text = read(file);

  it('is YAML indented with spaces, with a name, triggers and a bounded job', () => {
    expect(text).not.toMatch(/\t/);
    for (const line of text.split('\n')) expect(line.match(/^ */)![0].length % 2, line).toBe(0);
    expect(text).toMatch(/^name: \S/m);
    expect(text).toMatch(/^on:\n/m);
    expect(text).toMatch(/^jobs:\n {2}[a-z-]+:\n/m);
    expect(text).toMatch(/runs-on: ubuntu-latest/);
    expect(text).toMatch(/timeout-minutes: \d+/);
  });

  it(`runs the CLI with --profile ${profile}, a target profile and a report folder, with flags the CLI accepts`, () => {
    const commands = cliCommands(text);
    expect(commands).toHaveLength(1);
    const flags = parseFlags('run', commands[0]!, RUN_FLAGS);
    expect(runProfileOf(flags.profile as string | undefined)).toBe(profile);
    expect(flags.target).toMatch(/^specs\/profiles\/\w+\.json$/);
    expect(flags['report-dir']).toMatch(/^reports\/out\//);
    expect(shardOf(flags.shard as string | undefined)).toBe(flags.shard);
  });

  it('names a shipped target profile whose every key variable the workflow sets', () => {
    const flags = parseFlags('run', cliCommands(text)[0]!, RUN_FLAGS);
    const target = loadTargetProfile(join(PROJECT_ROOT, flags.target as string));
    const set = new Set(keyEnv(text).map(([name]) => name));
    for (const { env } of Object.values(target.keys)) expect([...set], env).toContain(env);
    if (profile === 'smoke') expect(target.readOnly).toBe(true);
  });

  it('publishes the JUnit XML and uploads report.html even when the run fails', () => {
    const dir = /--report-dir (.+)$/m.exec(text)![1]!.trim();
    expect(text).toMatch(/uses: dorny\/test-reporter@v\d+/);
    expect(text).toContain(`path: ${dir}/junit.xml`);
    expect(text).toMatch(/uses: actions\/upload-artifact@v\d+/);
    expect(text).toContain(`${dir}/report.html`);
    // Both publishing steps run after a failed run too (that is when the report matters).
    const steps = text.split(/\n\s+- (?=name:|uses:|run:)/).filter((s) => /test-reporter|upload-artifact/.test(s));
    expect(steps.length).toBeGreaterThanOrEqual(2);
    for (const step of steps) expect(step).toMatch(/if: always\(\)/);
  });

  it('takes every key from secrets into a variable a target profile names, never a literal', () => {
    const entries = keyEnv(text);
    expect(entries.length).toBeGreaterThan(0);
    const names = new Set(Object.values(loadTargetProfile(referenceProfilePath()).keys).map((k) => k.env));
    for (const [name, value] of entries) {
      expect([...names], name).toContain(name);
      expect(value, name).toMatch(
        /^\$\{\{\s*secrets(\.[A-Z0-9_]+|\[format\('[A-Z0-9_]+\{0\}', matrix\.shard\)\])\s*\}\}$/,
      );
    }
    expect(text).not.toMatch(/x-api-key/i);
  });
});

describe.each(Object.entries(WORKFLOWS))('%s workflow on current runtimes, routing exit codes', (_name, { file }) => {
  const text = read(file);

  it('runs on a current Node LTS with actions of the majors that run on it', () => {
    for (const [, version] of text.matchAll(/node-version: (\d+)/g)) expect(Number(version)).toBeGreaterThanOrEqual(22);
    const MIN: Record<string, number> = {
      'actions/checkout': 5,
      'actions/setup-node': 5,
      'actions/upload-artifact': 5,
      'actions/download-artifact': 5,
      'dorny/test-reporter': 2,
    };
    for (const [, action, major] of text.matchAll(/uses: ([\w-]+\/[\w-]+)@v(\d+)/g))
      expect(Number(major), action).toBeGreaterThanOrEqual(MIN[action!] ?? 0);
  });

  it('keeps the exit code past the run step and routes 1, 4, 5, 6, 7 apart from 2 in a last step that always runs', () => {
    const id = /id: (\w+)\n(?:\s+#.*\n)*\s+run: \|\n\s+set \+e\n\s+npx partner-conformance run /.exec(text)?.[1];
    expect(id).toBeDefined();
    expect(text).toContain('echo "exit-code=$?" >> "$GITHUB_OUTPUT"');
    const route = text.slice(text.indexOf('- name: Route the outcome'));
    expect(route).toMatch(/if: always\(\)/);
    expect(route).toContain(`\${{ steps.${id}.outputs.exit-code }}`);
    for (const code of ['1', '4', '5', '6'])
      expect(route).toMatch(
        new RegExp(`\\n\\s+${code}\\) echo "::error title=partner-conformance exit ${code}::[^\\n]+; exit 1 ;;`),
      );
    // 7, incomplete: a required rule not proven has its own annotation, never the internal-error default.
    expect(route).toMatch(/\n\s+7\) echo "::(error|warning) title=partner-conformance exit 7::incomplete: [^\n]+/);
    expect(route).toMatch(
      /\n\s+(2|\*)\) echo "::(error|warning) title=partner-conformance exit (2|\$CODE)::[^\n]*(setup|not tested)/,
    );
  });
});

describe('triggers and scheduling', () => {
  it('runs staging conformance when a deployment to staging succeeds', () => {
    const text = read(WORKFLOWS.staging.file);
    expect(text).toMatch(/^on:\n(?: {2}.*\n)* {2}(deployment_status|workflow_run):/m);
    expect(text).toContain("github.event.deployment_status.state == 'success'");
    expect(text).toContain("github.event.deployment.environment == 'staging'");
  });

  it('runs the smoke check every 15 minutes, one run at a time', () => {
    const text = read(WORKFLOWS.smoke.file);
    expect(text).toMatch(/schedule:\n\s+- cron: '\*\/15 \* \* \* \*'/);
    expect(text).toMatch(/concurrency:\n\s+group: production-smoke/);
  });

  it('runs certification nightly, split into as many shards as the matrix has, each with its own keys', () => {
    const text = read(WORKFLOWS.nightly.file);
    expect(text).toMatch(/schedule:\n\s+- cron: '\d+ \d+ \* \* \*'/);
    const shards = /shard: \[([\d, ]+)\]/
      .exec(text)![1]!
      .split(',')
      .map((s) => Number(s.trim()));
    const count = Number(/SHARD_COUNT: (\d+)/.exec(text)![1]);
    expect(shards).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
    expect(text).toContain('--shard ${{ matrix.shard }}/${{ env.SHARD_COUNT }}');
    expect(text).toMatch(/fail-fast: false/);
    // Each shard's keys are chosen by its index, so shards never share a rate budget.
    for (const [, value] of keyEnv(text)) expect(value).toContain('matrix.shard');
    expect(text).toContain('evidence.json');
  });
});
