/** Progress inside a family: a live line on a terminal, a heartbeat line in logs, none after close. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleWriter } from './console-writer.js';
import { sampleFindings, sampleSummary } from './testing/sample.js';

afterEach(() => {
  vi.useRealTimers();
});

function sink() {
  const sinkText = { text: '' };
  return { out: { write: (s: string) => (sinkText.text += s) }, sinkText };
}

describe('console progress', () => {
  it('writes a heartbeat line when not a terminal, and stops at close', () => {
    vi.useFakeTimers();
    const { out, sinkText } = sink();
    const writer = new ConsoleWriter({ out, heartbeatMs: 1_000 });
    vi.advanceTimersByTime(1_000);
    expect(sinkText.text).toBe('… still running (1 s): 0 checks done\n');
    writer.add(sampleFindings()[0]!);
    vi.advanceTimersByTime(1_000);
    expect(sinkText.text).toContain('… still running (2 s): 1 checks done, last [utility] ping answers 200\n');
    writer.close(sampleSummary());
    const closed = sinkText.text;
    vi.advanceTimersByTime(5_000);
    expect(sinkText.text).toBe(closed);
  });

  it('rewrites one line per check on a terminal, with no heartbeat', () => {
    vi.useFakeTimers();
    const { out, sinkText } = sink();
    const writer = new ConsoleWriter({ out, live: true, heartbeatMs: 1_000 });
    writer.add(sampleFindings()[0]!);
    expect(sinkText.text).toBe('\r\x1b[K  utility: 1 checks done (1 in all), last: ping answers 200');
    vi.advanceTimersByTime(5_000);
    expect(sinkText.text).not.toContain('still running');
    writer.familyDone('utility');
    expect(sinkText.text).toMatch(/\r\x1b\[K✓ utility +1 checks/);
  });
});
