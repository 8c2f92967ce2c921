/** The baseline file: checked when read (malformed, unknown rules and families refused), written sorted. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const PING = { check: 'utility/ping-answers-200', rule: 'PING-200' };

/** The ConfigError `fn` throws: its code and message. */
function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return { code: (err as ConfigError).code, message: (err as ConfigError).message };
  }
  throw new Error('expected a ConfigError');
}

describe('parseBaseline', () => {
  it('reads the entries of a well-formed document, reason and expiry included', () => {
    const entries = [
      PING,
      { ...PING, check: 'reference/issuers', rule: 'ISSUERS-ORDER', reason: 'T-1', expires: '2026-12-31' },
    ];
    expect(parseBaseline(doc(entries), 'b.json', SAMPLE_RULES)).toEqual(entries);
  });

  it("takes the run-wide checks' family, contract, as a check's family", () => {
    const runWide = { check: 'contract/no-answer-carries-the-key', rule: 'PING-200' };
    expect(parseBaseline(doc([runWide]), 'b.json', SAMPLE_RULES)).toEqual([runWide]);
  });

  it.each([
    ['not JSON', '{"format":', /is not JSON/],
    ['another version', doc([], 'partner-conformance.baseline/2'), /must be equal to constant/],
    ['no entries', JSON.stringify({ format: BASELINE_FORMAT }), /must have required property 'entries'/],
    ['a misspelt member', doc([{ ...PING, expiry: '2026-01-01' }]), /must NOT have additional properties \(expiry\)/],
    ['a date that is no date', doc([{ ...PING, expires: '2026-13-01' }]), /expires must match format "date"/],
    ['a check that is no identity', doc([{ ...PING, check: 'ping answers 200' }]), /check must match pattern/],
    ['no rule', doc([{ check: PING.check }]), /must have required property 'rule'/],
    ['an entry twice', doc([PING, { ...PING, reason: 'again' }]), /lists utility\/ping-answers-200 PING-200 more/],
  ])('refuses %s as E_BASELINE_INVALID', (_what, text, message) => {
    const { code, message: said } = refusal(() => parseBaseline(text, 'b.json', SAMPLE_RULES));
    expect(code).toBe('E_BASELINE_INVALID');
    expect(said).toMatch(message);
    expect(said).toContain('b.json');
  });

  it('refuses a rule or family the suite does not have, naming the closest known one', () => {
    const rule = refusal(() => parseBaseline(doc([{ ...PING, rule: 'PING-2OO' }]), 'b.json', SAMPLE_RULES));
    expect(rule).toEqual({
      code: 'E_BASELINE_UNKNOWN',
      message: 'baseline b.json: entries/0: unknown rule "PING-2OO" (did you mean "PING-200"?)',
    });
    const family = refusal(() => parseBaseline(doc([{ ...PING, check: 'utilty/ping' }]), 'b.json', SAMPLE_RULES));
    expect(family.code).toBe('E_BASELINE_UNKNOWN');
    expect(family.message).toContain('unknown family "utilty" (did you mean "utility"?)');
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
});

describe('renderBaseline', () => {
  const entries: BaselineEntry[] = [
    { check: 'utility/ping', rule: 'PING-200' },
    { expires: '2026-01-31', reason: 'T-2', rule: 'ISSUERS-ORDER', check: 'reference/issuers' },
    { check: 'utility/ping', rule: 'HEADERS-REQUEST-ID', reason: 'T-3' },
  ];

  it('sorts by check then rule, with members in one order, whatever order it was given', () => {
    const text = renderBaseline(entries);
    expect(renderBaseline([...entries].reverse())).toBe(text);
    expect(text).toBe(`{
  "format": "${BASELINE_FORMAT}",
  "entries": [
    {
      "check": "reference/issuers",
      "rule": "ISSUERS-ORDER",
      "reason": "T-2",
      "expires": "2026-01-31"
    },
    {
      "check": "utility/ping",
      "rule": "HEADERS-REQUEST-ID",
      "reason": "T-3"
    },
    {
      "check": "utility/ping",
      "rule": "PING-200"
    }
  ]
}
`);
  });

  it('writes a document that reads back as the same entries', () => {
    const file = join(dir, 'written.json');
    writeBaseline(file, entries);
    const read = readBaseline(file, false, SAMPLE_RULES).entries;
    expect(read).toHaveLength(3);
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
