import { describe, expect, it } from 'vitest';
import type { Exchange, Finding } from '../harness/model.js';
import { runExitCode } from '../harness/exit-codes.js';
import { blockedByTransport, transportBlockExit, transportBlocks } from './transport-blocks.js';

const exchange = (extra: Partial<Exchange>): Exchange =>
  ({ request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: {} }, durationMs: 1, ...extra }) as Exchange;
const finding = (verdict: Finding['verdict'], exchanges: Exchange[]): Finding => ({
  check: 'c',
  family: 'utility',
  rules: ['PING-200'],
  verdict,
  exchanges,
});

describe('transportBlocks', () => {
  it('counts failed checks per transport cause, once each', () => {
    const blocks = transportBlocks(
      [
        finding('failed', [exchange({ error: 'ECONNREFUSED' })]),
        finding('failed', [exchange({ error: 'ECONNREFUSED' }), exchange({ error: 'ECONNREFUSED' })]),
        finding('failed', [exchange({ error: 'DEPTH_ZERO_SELF_SIGNED_CERT' })]),
      ].map(blockedByTransport),
    );
    expect(blocks.map((b) => [b.cause.code, b.checks])).toEqual([
      ['E_TARGET_NOT_LISTENING', 2],
      ['E_TARGET_TLS', 1],
    ]);
  });

  it('a warning (an inferred rule) that got no answer is blocked too: the host, not the rule, is the cause', () => {
    expect(blockedByTransport(finding('warning', [exchange({ error: 'ECONNREFUSED' })]))).toMatchObject({
      verdict: 'blocked',
      blockedBy: 'E_TARGET_NOT_LISTENING',
    });
  });

  it('marks such a check blocked by the cause', () => {
    expect(blockedByTransport(finding('failed', [exchange({ error: 'ENOTFOUND' })]))).toMatchObject({
      verdict: 'blocked',
      blockedBy: 'E_TARGET_HOST_UNKNOWN',
    });
  });

  it("a setup step that got no answer is the network's: blocked by the cause, no step told", () => {
    const step = {
      name: 'create an application',
      expected: 'a 2xx',
      observed: 'no response (ECONNREFUSED)',
      breaks: [],
      exchange: exchange({ error: 'ECONNREFUSED' }),
    };
    const out = blockedByTransport({ ...finding('blocked', []), blockedBy: 'setup step: create an application', step });
    expect(out).toMatchObject({ verdict: 'blocked', blockedBy: 'E_TARGET_NOT_LISTENING' });
    expect(out.step).toBeUndefined();
    const answered = {
      ...finding('blocked', []),
      step: {
        ...step,
        exchange: exchange({ response: { status: 422, headers: {}, body: '' } as Exchange['response'] }),
      },
    };
    expect(blockedByTransport(answered)).toBe(answered);
  });

  it("a connection reset before any answer is the network's; once the answer began, the target's", () => {
    expect(blockedByTransport(finding('failed', [exchange({ error: 'ECONNRESET' })]))).toMatchObject({
      verdict: 'blocked',
      blockedBy: 'E_TARGET_RESET',
    });
    const midBody = finding('failed', [exchange({ error: 'UND_ERR_SOCKET', answerBegan: true })]);
    expect(blockedByTransport(midBody)).toBe(midBody);
  });

  it('leaves a slow answer, an answered request and a passed check to the rules', () => {
    const kept = [
      finding('failed', [exchange({ error: 'UND_ERR_HEADERS_TIMEOUT' })]),
      finding('failed', [exchange({ response: { status: 500, headers: {}, body: '' } as Exchange['response'] })]),
      finding('passed', [exchange({ error: 'ECONNREFUSED' })]),
    ];
    expect(kept.map(blockedByTransport)).toEqual(kept);
    expect(transportBlocks(kept)).toEqual([]);
  });

  it("turns exit 1 into the cause's exit code, and leaves others alone", () => {
    const blocked = [blockedByTransport(finding('failed', [exchange({ error: 'ENOTFOUND' })]))];
    const transportBlock = transportBlockExit(blocked);
    expect(transportBlock).toBe(4);
    expect(transportBlockExit([finding('failed', [exchange({ response: { status: 500 } } as never)])])).toBeUndefined();
    expect(runExitCode({ outcome: 'failed', transportBlock })).toBe(4);
    expect(runExitCode({ outcome: 'failed' })).toBe(1);
    expect(runExitCode({ outcome: 'passed', transportBlock })).toBe(0);
  });
});
