/**
 * Writers render only what they are given: a key in the environment never reaches a report,
 * and the reporter's scrub removes a key a target echoed into any string of a finding.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../harness/model.js';
import { buildEvidence } from './evidence.js';
import { standardWriters } from './index.js';
import { renderConsoleSummary } from './console-writer.js';
import { scrubFinding } from './scrub.js';
import { sampleFindings, sampleInfo, sampleSummary } from './testing/sample.js';

const CANARY = 'pk_canary_"7e3/9b+';
const ENV_NAMES = ['PARTNER_KEY_APPROVED', 'PARTNER_KEY_UNAPPROVED', 'PARTNER_KEY_MEDICARE'];
const saved = Object.fromEntries(ENV_NAMES.map((n) => [n, process.env[n]]));

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('secrets in reports', () => {
  it('no writer adds a key from the environment to any output', async () => {
    for (const name of ENV_NAMES) process.env[name] = CANARY;
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    try {
      let console = '';
      const summary = sampleSummary(sampleInfo({ runProfile: 'certification' }));
      const writers = standardWriters(dir, { write: (s: string) => (console += s) });
      for (const f of summary.findings) for (const w of writers) w.add?.(f);
      for (const w of writers) w.familyDone?.('utility');
      for (const w of writers) await w.close(summary);
      const files = ['summary.json', 'junit.xml', 'report.html', 'evidence.json'].map((f) =>
        readFileSync(join(dir, f), 'utf8'),
      );
      expect(files.every((text) => text.length > 0)).toBe(true);
      for (const text of [...files, console]) {
        expect(text).not.toContain('pk_canary');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the scrub removes a key echoed in headers, bodies, parsed JSON, messages and header names', () => {
    const echoed: Finding = {
      ...sampleFindings()[1]!,
      observed: `the target said ${CANARY}`,
      message: `boom ${encodeURIComponent(CANARY)}`,
      exchanges: [
        {
          request: {
            method: 'GET',
            url: `http://127.0.0.1:1/v1/ping?k=${encodeURIComponent(CANARY)}`,
            headers: { 'x-api-key': '<redacted>' },
          },
          response: {
            status: 200,
            headers: { 'x-echo': CANARY, [`x-${CANARY}`]: '1' },
            body: JSON.stringify({ key: CANARY }),
            json: { key: CANARY, nested: [CANARY] },
          },
          durationMs: 1,
        },
      ],
    };
    const clean = scrubFinding(echoed, [CANARY]);
    const text =
      JSON.stringify(clean) +
      renderConsoleSummary(sampleSummary(sampleInfo(), [clean])) +
      JSON.stringify(buildEvidence(sampleSummary(sampleInfo(), [clean])));
    expect(text).not.toContain('pk_canary');
    expect(clean.exchanges[0]!.response!.headers['x-echo']).toBe('<redacted>');
    expect(clean.exchanges[0]!.response!.json).toEqual({ key: '<redacted>', nested: ['<redacted>'] });
    expect(clean.check).toBe(echoed.check);
  });
});

describe('a short key value', () => {
  it('is redacted from text without renaming the finding or changing its verdict', () => {
    const skipped: Finding = {
      check: 'checks skipped work',
      family: 'utility',
      rules: ['PING-200'],
      verdict: 'skipped',
      needs: 'role k',
      message: 'skipped: k',
      exchanges: [],
    };
    const clean = scrubFinding(skipped, ['k']);
    expect(clean).toMatchObject({ verdict: 'skipped', family: 'utility', rules: ['PING-200'] });
    expect(clean.check).toBe('chec<redacted>s s<redacted>ipped wor<redacted>');
    expect(Object.keys(clean)).toEqual(Object.keys(skipped));
  });
});
