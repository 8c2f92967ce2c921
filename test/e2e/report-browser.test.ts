/**
 * The HTML report as a reader sees it (issue "Ready for CI", section 7): a run against the
 * embedded server with a fault switched on, its report.html opened in headless Chromium with
 * every host name unresolvable, and the rendered DOM checked for what a reader needs: the
 * counts, the failure's rule, section and exchange, and no reference to anything outside the
 * file. A screenshot goes to reports/out/ (git-ignored) for a person to look at.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { listFaults } from '../../reference/server.js';
import { readSummary, runCli, scratch } from './cli.js';

export const SCREENSHOT = join(PROJECT_ROOT, 'reports', 'out', 'e2e-report-browser.png');

/** Debian's chromium when it is on the PATH (`.ci/run` installs it with test/e2e/ensure-chromium.sh); else why not. */
function findChromium(): { path?: string; why?: string } {
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  return found.status === 0
    ? { path: found.stdout.trim() }
    : { why: 'chromium is not installed (bash test/e2e/ensure-chromium.sh installs it)' };
}

const chromium = findChromium();
const tmp = scratch('report-browser');
afterAll(() => tmp.dispose());

/** Flags for a headless Chromium that never reaches the network (every host name fails to resolve). */
function chromiumArgs(profileDir: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profileDir}`,
    '--host-resolver-rules=MAP * ~NOTFOUND',
    '--window-size=1280,1600',
  ];
}

function runChromium(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(chromium.path!, args, { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** A utility fault that breaks PING-200, so the report has a failure with an exchange. */
const fault = listFaults().find((f) => f.family === 'utility' && f.rules.includes('PING-200'))!;

describe.skipIf(!chromium.path)(
  `report.html in headless Chromium${chromium.why ? ` (skipped: ${chromium.why})` : ''}`,
  () => {
    const reportDir = tmp.path('report');
    let dom = '';

    beforeAll(async () => {
      const run = await runCli(['run', '--family', 'utility', '--fault', fault.name, '--report-dir', reportDir]);
      expect(run.code).toBe(1);
      const page = pathToFileURL(join(reportDir, 'report.html')).href;
      const dumped = await runChromium([...chromiumArgs(tmp.path('profile-dom')), '--dump-dom', page]);
      expect(dumped.code, dumped.stderr.slice(-500)).toBe(0);
      dom = dumped.stdout;
      mkdirSync(join(PROJECT_ROOT, 'reports', 'out'), { recursive: true });
      const shot = await runChromium([...chromiumArgs(tmp.path('profile-shot')), `--screenshot=${SCREENSHOT}`, page]);
      expect(shot.code, shot.stderr.slice(-500)).toBe(0);
    }, 120_000);

    it('renders the whole page offline: title, outcome and the closing digest', () => {
      const summary = readSummary(reportDir);
      expect(dom).toContain('<h1>Partner API conformance report</h1>');
      expect(dom).toContain('FAILED');
      expect(dom).toContain(`Summary digest <code class="digest">${summary.digest}</code>`);
    });

    it('shows the summary counts of summary.json', () => {
      const { counts } = readSummary(reportDir);
      expect(counts.failed).toBeGreaterThan(0);
      for (const [label, n] of [
        ['checks', counts.total],
        ['passed', counts.passed],
        ['failed', counts.failed],
        ['warnings', counts.warning],
        ['skipped', counts.skipped],
      ] as const) {
        expect(dom).toMatch(new RegExp(`<div class="count[^"]*"><b>${n}</b>${label}</div>`));
      }
    });

    it("shows the failure's rule, section and exchange (method and URL)", () => {
      const summary = readSummary(reportDir);
      const failure = summary.findings.find((f) => f.verdict === 'failed' && f.rules.includes('PING-200'))!;
      expect(failure).toBeDefined();
      const section = summary.ruleVerdicts['PING-200']!.section!;
      const card = dom.slice(dom.indexOf('<h2>Failures'), dom.indexOf('<h2>Checks by family'));
      expect(card).toContain(`<code>PING-200</code> (section ${section}`);
      const exchange = failure.exchanges.at(-1)!;
      expect(card).toContain(`<code>${exchange.request.method} ${exchange.request.url}</code>`);
      expect(card).toContain(`<b>${exchange.response!.status}</b>`);
      expect(card).toContain(failure.check);
    });

    it('needs nothing outside the file: no scripts, no stylesheets, no external src or href', () => {
      expect(dom).not.toMatch(/<script|<link|<iframe|<img|@import|url\(/i);
      const refs = [...dom.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
      expect(refs.filter((ref) => !ref.startsWith('#'))).toEqual([]);
    });

    it('leaves a screenshot out of git', () => {
      const png = readFileSync(SCREENSHOT);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.length).toBeGreaterThan(20_000);
      const ignored = spawnSync('git', ['check-ignore', '-q', SCREENSHOT], { cwd: PROJECT_ROOT });
      expect(ignored.status).toBe(0);
      expect(existsSync(SCREENSHOT)).toBe(true);
    });
  },
);
