/**
 * Specmatic (Java, from its npm package), installed under .peers/node. Its best honest
 * configuration for this API: `specmatic test` on the spec and the base URL, the key through
 * the environment variable named after the spec's security scheme (ApiKeyAuth, as its
 * documentation says), `--lenient` (it refuses the spec's open schemas otherwise), and an
 * overlay that drops the one operation it cannot load. Specmatic has no pacing option, so
 * part of its requests meet the target's rate limit: those failures are counted apart.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectPath } from '../../harness/paths.js';
import { junitFailures } from './junit.js';
import { runProcess } from './spawn.js';
import type { PeerRun, PeerTool } from './tool.js';

const SPECMATIC_VERSION = '2.55.1';
const PREFIX = projectPath('.peers', 'node');
const BIN = join(PREFIX, 'node_modules', 'specmatic', 'dist', 'bin', 'index.js');
const SPEC = projectPath('specs', 'partner-api.yaml');
const OVERLAY = projectPath('bench', 'peers', 'specmatic-overlay.yaml');
const RUN_TIMEOUT_MS = 10 * 60_000;
const INSTALL_TIMEOUT_MS = 5 * 60_000;
const SCENARIO_PREFIX = /^.*?Scenario: /;
const STATUS_LINE = /Specification expected status \d+ but response contained status (\d+)/;
const RULE_CODE = /\b([A-Z]\d{4}): ([^\n]+)/;

const scenarioOf = (name: string) => name.replace(SCENARIO_PREFIX, '');

/** `GET /v1/ping -> 200 ... | R0002 HTTP status mismatch (400)`; 429s come back as null. */
export function signatureOf(name: string, text: string): string | null {
  const status = STATUS_LINE.exec(text)?.[1];
  if (status === '429') return null;
  const rule = RULE_CODE.exec(text);
  return `${scenarioOf(name)} | ${rule ? `${rule[1]} ${rule[2]!.trim()}` : 'failed'}${status ? ` (${status})` : ''}`;
}

export function specmatic(): PeerTool {
  const args = (url: string, junitDir: string) => [
    'test',
    SPEC,
    '--testBaseURL',
    url,
    '--lenient',
    '--overlay-file',
    OVERLAY,
    '--junitReportDir',
    junitDir,
  ];
  return {
    name: 'specmatic',
    config: {
      version: SPECMATIC_VERSION,
      install: `npm install --prefix .peers/node --no-save specmatic@${SPECMATIC_VERSION} (needs Java 17)`,
      command: `ApiKeyAuth=<redacted> specmatic ${args('<base url>', '<report dir>')
        .join(' ')
        .replace(SPEC, 'specs/partner-api.yaml')
        .replace(OVERLAY, 'bench/peers/specmatic-overlay.yaml')}`,
      auth: 'environment variable ApiKeyAuth (the security scheme name) with the approved sandbox key, tier high',
      rateLimit:
        'none available: Specmatic sends as fast as the target answers; failures that are 429s are counted apart, ' +
        'not as findings',
      generative:
        'default (no examples in the spec: Specmatic generates positive and negative requests from the schemas)',
      caught:
        'a failing scenario + rule not in the clean run; scenarios rate-limited (429) in the clean run are not ' +
        'compared, their outcome there is unknown',
    },
    async prepare() {
      const java = await runProcess('java', ['-version'], { cwd: projectPath(), timeoutMs: 60_000 });
      if (java.code !== 0) return 'specmatic skipped: no Java on this machine (java -version failed)';
      if (existsSync(BIN)) return undefined;
      const npm = await runProcess(
        'npm',
        ['install', '--prefix', PREFIX, '--no-save', '--no-audit', '--no-fund', `specmatic@${SPECMATIC_VERSION}`],
        { cwd: projectPath(), timeoutMs: INSTALL_TIMEOUT_MS },
      );
      return npm.code === 0
        ? undefined
        : `specmatic skipped: npm install failed (${npm.output.trim().split('\n').pop()})`;
    },
    async version() {
      const v = await runProcess(process.execPath, [BIN, '--version'], { cwd: projectPath(), timeoutMs: 60_000 });
      return v.output.trim().split('\n').pop() ?? '';
    },
    async run(url, key, workDir): Promise<PeerRun> {
      const junitDir = join(workDir, 'junit');
      await mkdir(junitDir, { recursive: true });
      // Its own scratch folder as cwd: Specmatic looks for a specmatic.yaml there.
      const result = await runProcess(process.execPath, [BIN, ...args(url, junitDir)], {
        cwd: workDir,
        env: { ApiKeyAuth: key },
        timeoutMs: RUN_TIMEOUT_MS,
        secrets: [key],
      });
      const file = (await readdir(junitDir)).find((f) => f.endsWith('.xml'));
      if (!file)
        return {
          signatures: [],
          rateLimited: 0,
          exitCode: result.code,
          error: result.timedOut ? 'timed out' : 'no JUnit report',
        };
      const failures = junitFailures(await readFile(join(junitDir, file), 'utf8'));
      const signatures = new Set<string>();
      const inconclusive = new Set<string>();
      for (const f of failures) {
        const sig = signatureOf(f.name, f.text);
        if (sig === null) inconclusive.add(scenarioOf(f.name));
        else signatures.add(sig);
      }
      return {
        signatures: [...signatures].sort(),
        rateLimited: inconclusive.size,
        inconclusive: [...inconclusive].sort(),
        exitCode: result.code,
      };
    },
  };
}
