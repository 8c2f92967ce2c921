/**
 * The baseline file: a rule on an operation per entry, checked when read (malformed, the former
 * format, unknown rules refused; an unwritable --update-baseline path before any request),
 * written sorted with the document version it was recorded against.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../harness/errors.js';
import { SAMPLE_RULES } from '../testing/sample.js';
import {
  BASELINE_FORMAT,
  parseBaseline,
  readBaseline,
  renderBaseline,
  writeBaseline,
  type BaselineEntry,
} from './file.js';

const dir = mkdtempSync(join(tmpdir(), 'baseline-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc = (entries: unknown[], format: string = BASELINE_FORMAT) => JSON.stringify({ format, entries });
const PING = { rule: 'PING-200', operation: 'GET /v1/ping' };

/** The ConfigError `fn` throws: its code and message. */
function refusal(fn: () => unknown): { code: string; message: string; hint: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    return { code: e.code, message: e.message, hint: e.hint };
  }
  throw new Error('expected a ConfigError');
}

describe('parseBaseline', () => {
  it('reads the entries of a well-formed document, reason, expiry and the document version included', () => {
    const entries = [
      PING,
      { rule: 'ISSUERS-ORDER', operation: 'GET /v1/reference/issuers', reason: 'T-1', expires: '2026-12-31' },
      { rule: 'PING-200', operation: 'GET (no operation)' },
    ];
    expect(parseBaseline(doc(entries), 'b.json', SAMPLE_RULES)).toEqual({ entries });
    const versioned = JSON.stringify({ format: BASELINE_FORMAT, spec: { version: '0.1.0' }, entries: [PING] });
    expect(parseBaseline(versioned, 'b.json', SAMPLE_RULES)).toEqual({ entries: [PING], spec: { version: '0.1.0' } });
  });

  it('refuses the former format, whose entries named a check, saying how to record it again', () => {
    const former = doc([{ check: 'utility/ping', rule: 'PING-200' }], 'partner-conformance.baseline/1');
    const { code, message, hint } = refusal(() => parseBaseline(former, 'b.json', SAMPLE_RULES));
    expect(code).toBe('E_BASELINE_INVALID');
    expect(message).toContain('accepted its rule on every endpoint the check judges');
    expect(hint).toContain('--update-baseline');
  });

  it.each([
    ['not JSON', '{"format":', /is not JSON/],
    ['another version', doc([], 'partner-conformance.baseline/3'), /must be equal to constant/],
    ['no entries', JSON.stringify({ format: BASELINE_FORMAT }), /must have required property 'entries'/],
    ['a misspelt member', doc([{ ...PING, expiry: '2026-01-01' }]), /must NOT have additional properties \(expiry\)/],
    ['a date that is no date', doc([{ ...PING, expires: '2026-13-01' }]), /expires must match format "date"/],
    ['an operation that is no METHOD /route', doc([{ ...PING, operation: 'ping' }]), /operation must match pattern/],
    ['no operation', doc([{ rule: 'PING-200' }]), /must have required property 'operation'/],
    ['a check besides', doc([{ ...PING, check: 'utility/ping' }]), /must NOT have additional properties \(check\)/],
    ['an entry twice', doc([PING, { ...PING, reason: 'again' }]), /lists PING-200 on GET \/v1\/ping more than once/],
  ])('refuses %s as E_BASELINE_INVALID', (_what, text, message) => {
    const { code, message: said } = refusal(() => parseBaseline(text, 'b.json', SAMPLE_RULES));
    expect(code).toBe('E_BASELINE_INVALID');
    expect(said).toMatch(message);
    expect(said).toContain('b.json');
  });

  it('refuses a rule the suite does not have, naming the closest known one', () => {
    const rule = refusal(() => parseBaseline(doc([{ ...PING, rule: 'PING-2OO' }]), 'b.json', SAMPLE_RULES));
    expect(rule).toMatchObject({
      code: 'E_BASELINE_UNKNOWN',
      message: 'baseline b.json: entries/0: unknown rule "PING-2OO" (did you mean "PING-200"?)',
    });
  });
});

describe('readBaseline', () => {
  it('refuses a missing file, unless the run writes it', () => {
    const absent = join(dir, 'absent.json');
    expect(refusal(() => readBaseline(absent, false, SAMPLE_RULES)).code).toBe('E_BASELINE_MISSING');
    expect(readBaseline(absent, true, SAMPLE_RULES)).toEqual({ file: absent, entries: [], update: true });
  });

  it('reads an existing file and checks it', () => {
    const file = join(dir, 'present.json');
    writeFileSync(file, doc([PING]));
    expect(readBaseline(file, false, SAMPLE_RULES)).toEqual({ file, entries: [PING], update: false });
    writeFileSync(file, doc([{ ...PING, rule: 'NOPE' }]));
    expect(refusal(() => readBaseline(file, true, SAMPLE_RULES)).code).toBe('E_BASELINE_UNKNOWN');
  });

  it('with --update-baseline, refuses a path it could not write after the run, before any request', () => {
    expect(refusal(() => readBaseline(join(dir, 'no-such-folder', 'b.json'), true, SAMPLE_RULES))).toMatchObject({
      code: 'E_BASELINE_UNWRITABLE',
      message: expect.stringContaining('cannot be written by --update-baseline after the run'),
    });
    const folder = join(dir, 'a-folder.json');
    mkdirSync(folder);
    expect(refusal(() => readBaseline(folder, true, SAMPLE_RULES)).code).toBe('E_BASELINE_UNWRITABLE');
    // Read-only without --update-baseline: reading is all the run does with it.
    const locked = join(dir, 'locked.json');
    writeFileSync(locked, doc([PING]));
    chmodSync(locked, 0o444);
    expect(readBaseline(locked, false, SAMPLE_RULES).entries).toEqual([PING]);
    if (process.getuid?.() !== 0)
      expect(refusal(() => readBaseline(locked, true, SAMPLE_RULES)).code).toBe('E_BASELINE_UNWRITABLE');
  });
});

describe('renderBaseline', () => {
  const entries: BaselineEntry[] = [
    { rule: 'PING-200', operation: 'GET /v1/ping' },
    { expires: '2026-01-31', reason: 'T-2', operation: 'GET /v1/reference/issuers', rule: 'ISSUERS-ORDER' },
    { rule: 'HEADERS-REQUEST-ID', operation: 'GET /v1/ping', reason: 'T-3' },
    { rule: 'HEADERS-REQUEST-ID', operation: 'GET /v1/enrollments' },
  ];

  it('sorts by rule then operation, with members in one order, whatever order it was given', () => {
    const text = renderBaseline(entries, { version: '0.1.0' });
    expect(renderBaseline([...entries].reverse(), { version: '0.1.0' })).toBe(text);
    expect(text).toBe(`{
  "format": "${BASELINE_FORMAT}",
  "spec": {
    "version": "0.1.0"
  },
  "entries": [
    {
      "rule": "HEADERS-REQUEST-ID",
      "operation": "GET /v1/enrollments"
    },
    {
      "rule": "HEADERS-REQUEST-ID",
      "operation": "GET /v1/ping",
      "reason": "T-3"
    },
    {
      "rule": "ISSUERS-ORDER",
      "operation": "GET /v1/reference/issuers",
      "reason": "T-2",
      "expires": "2026-01-31"
    },
    {
      "rule": "PING-200",
      "operation": "GET /v1/ping"
    }
  ]
}
`);
  });

  it('writes a document that reads back as the same entries', () => {
    const file = join(dir, 'written.json');
    writeBaseline(file, entries);
    const read = readBaseline(file, false, SAMPLE_RULES).entries;
    expect(read).toHaveLength(4);
    expect(new Set(read.map((e) => JSON.stringify(e, Object.keys(e).sort())))).toEqual(
      new Set(entries.map((e) => JSON.stringify(e, Object.keys(e).sort()))),
    );
    expect(readFileSync(file, 'utf8')).toBe(renderBaseline(entries));
  });

  it('says so when the file cannot be written', () => {
    expect(refusal(() => writeBaseline(join(dir, 'no-such-folder', 'b.json'), entries)).code).toBe(
      'E_BASELINE_UNWRITABLE',
    );
  });
});
