import type { Exchange } from '../model.js';
import type { Check } from './scope.js';
import { headerOf, quote, requireResponse, violation } from './scope.js';

export interface ReplayExpectation {
  /** The first call made with the same Idempotency-Key and body. */
  original: Exchange;
}

/**
 * The exchange is a verbatim replay of the original (section 8): same status,
 * byte-identical body, and `Idempotent-Replay: true`.
 */
export const expectReplayOf: Check<ReplayExpectation> = (replay, { original }, scope) => {
  const first = requireResponse(original, scope);
  const again = requireResponse(replay, scope);
  if (again.status !== first.status) {
    throw violation(
      scope,
      replay,
      'replay status differs',
      `status ${first.status} (as the original)`,
      `status ${again.status}`,
    );
  }
  if (again.body !== first.body) {
    throw violation(
      scope,
      replay,
      'replay body differs',
      `the original body verbatim: ${quote(first.body)}`,
      quote(again.body),
    );
  }
  const flag = headerOf(again.headers, 'idempotent-replay');
  if (flag !== 'true') {
    throw violation(
      scope,
      replay,
      'replay not flagged',
      'Idempotent-Replay: true',
      flag === undefined ? 'no Idempotent-Replay header' : `Idempotent-Replay: "${flag}"`,
    );
  }
};
