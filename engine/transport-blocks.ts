/**
 * Transport failures during the run: a check whose request never got an answer for a cause of
 * the preflight's table (DNS, nothing listening, TLS, proxy, connect timeout) did not test its
 * rule. Each cause is told once, with the number of checks it blocked, and the run ends with
 * its exit code instead of 1; in every report those checks are `blocked` by it, not failed. The causes are
 * PREFLIGHT_CAUSES, the one owner of the table.
 */
import type { Finding } from '../harness/model.js';
import { ERROR_CODES } from '../harness/errors.js';
import { causeOfFailure, PREFLIGHT_CAUSES, type PreflightCause } from './preflight.js';

export interface TransportBlock {
  cause: PreflightCause;
  /** Checks that failed because of it. */
  checks: number;
}

/**
 * The transport cause of a failed (or warned) finding, or of a setup step that failed, from the errors its exchanges
 * ended with.
 */
function transportCauseOf(finding: Finding): PreflightCause | undefined {
  const stepFailed = finding.verdict === 'blocked' && finding.step !== undefined;
  if (finding.verdict !== 'failed' && finding.verdict !== 'warning' && !stepFailed) return undefined;
  const exchanges = stepFailed ? (finding.step!.exchange ? [finding.step!.exchange] : []) : finding.exchanges;
  return exchanges.map(causeOfFailure).find((cause) => cause !== undefined);
}

/**
 * A failed check that got no answer for a transport cause is `blocked` by it: its rules were
 * not tested. So is a check whose setup step got no answer: the network, not the step, is the cause.
 */
export function blockedByTransport(finding: Finding): Finding {
  const cause = transportCauseOf(finding);
  if (!cause) return finding;
  const { step: _step, ...rest } = finding;
  return { ...rest, verdict: 'blocked', blockedBy: cause.code };
}

/** The causes that blocked checks, with how many each. */
export function transportBlocks(findings: readonly Finding[]): TransportBlock[] {
  const byCode = new Map<string, TransportBlock>();
  for (const f of findings) {
    const cause = f.verdict === 'blocked' ? PREFLIGHT_CAUSES.find((c) => c.code === f.blockedBy) : undefined;
    if (!cause) continue;
    const seen = byCode.get(cause.code);
    if (seen) seen.checks += 1;
    else byCode.set(cause.code, { cause, checks: 1 });
  }
  return [...byCode.values()];
}

/** One line per cause for the console, with its fix. */
export function describeBlocks(blocks: readonly TransportBlock[]): string {
  return blocks
    .map(
      (b) =>
        `${b.cause.code}: during the run ${b.cause.says}; ${b.checks} check${b.checks === 1 ? '' : 's'} ` +
        `blocked (no answer: their rules were not tested)\n  fix: ${ERROR_CODES[b.cause.code]}\n`,
    )
    .join('');
}

/** The exit code of the first cause that blocked checks (4 or 5), if any (harness/exit-codes.ts decides with it). */
export function transportBlockExit(findings: readonly Finding[]): number | undefined {
  return transportBlocks(findings)[0]?.cause.exitCode;
}
