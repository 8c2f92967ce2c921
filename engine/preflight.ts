/**
 * The preflight: one GET /v1/ping with the run's first key, before any check. It tells the
 * two ways a target cannot be tested at all apart from a broken rule, each with its own code
 * and exit code (README, "Exit codes"): the target refused our key (5), or it cannot be
 * reached (4: no such host, nothing listening, TLS, the proxy refused, no connection in time). Any other answer
 * (200, 404, 5xx, a slow body) is left to the checks, which report it as findings.
 * This table is the one owner of "which transport failure is which cause".
 */
import type { ErrorCode } from '../harness/errors.js';
import { TargetUnusable } from '../harness/errors.js';
import type { Exchange } from '../harness/model.js';
import { createClient } from '../harness/client/index.js';
import { publicUrl } from '../harness/reproduce.js';
import type { TargetProfile } from '../harness/run-config.js';
import type { RunProfile } from '../harness/run-profiles.js';
import { familyKeyRole } from '../harness/suite/family-keys.js';

export interface PreflightCause {
  code: ErrorCode;
  exitCode: 4 | 5;
  /** What the on-call reads after the URL. */
  says: string;
  /** Statuses of the ping answer that mean this cause. */
  statuses?: readonly number[];
  /** Transport failure codes (exchange.error) that mean this cause. */
  errors?: RegExp;
}

export const PREFLIGHT_CAUSES: readonly PreflightCause[] = [
  { code: 'E_TARGET_KEY_REFUSED', exitCode: 5, says: 'the target refused our key', statuses: [401, 403] },
  {
    code: 'E_TARGET_HOST_UNKNOWN',
    exitCode: 4,
    says: 'the host name does not resolve',
    errors: /^(ENOTFOUND|EAI_AGAIN|EAI_NODATA|EAI_NONAME|EAI_FAIL)$/,
  },
  {
    code: 'E_TARGET_NOT_LISTENING',
    exitCode: 4,
    says: 'nothing accepts connections there',
    errors: /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/,
  },
  {
    code: 'E_TARGET_TLS',
    exitCode: 4,
    says: 'the TLS handshake failed',
    errors:
      /^(EPROTO|ERR_SSL_.*|ERR_TLS_.*|CERT_.*|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_.*|ERR_OSSL_.*)$/,
  },
  // 407 can only come from a proxy; a refused CONNECT never reaches the target.
  {
    code: 'E_TARGET_PROXY_REFUSED',
    exitCode: 4,
    says: 'the proxy refused to carry the request',
    statuses: [407],
    errors: /^PROXY_REFUSED_\d+$/,
  },
  {
    code: 'E_TARGET_CONNECT_TIMEOUT',
    exitCode: 4,
    says: 'no connection within the request timeout',
    errors: /^(UND_ERR_CONNECT_TIMEOUT|ETIMEDOUT)$/,
  },
  // Only before any answer began (causeOfFailure): a reset mid-body is the target's own failure.
  {
    code: 'E_TARGET_RESET',
    exitCode: 4,
    says: 'the connection was closed or reset before any answer',
    errors: /^(ECONNRESET|UND_ERR_SOCKET|EPIPE)$/,
  },
];

/** The transport cause of an exchange that got no answer at all; undefined once an answer began (the checks judge it). */
export function causeOfFailure(
  exchange: Pick<Exchange, 'response' | 'error' | 'answerBegan'>,
): PreflightCause | undefined {
  if (exchange.response !== undefined || exchange.error === undefined || exchange.answerBegan) return undefined;
  return PREFLIGHT_CAUSES.find((c) => c.errors?.test(exchange.error!));
}

/** The cause an exchange shows, or undefined when the checks should judge it. */
export function causeOf(exchange: Pick<Exchange, 'response' | 'error' | 'answerBegan'>): PreflightCause | undefined {
  const status = exchange.response?.status;
  return (
    (status !== undefined ? PREFLIGHT_CAUSES.find((c) => c.statuses?.includes(status)) : undefined) ??
    causeOfFailure(exchange)
  );
}

/** What the preflight saw, kept in the run's reports. */
export interface PreflightRecord {
  url: string;
  role: string;
  status?: number;
  error?: string;
  /** The target's X-Request-Id of the answer, when it sent one. */
  requestId?: string;
}

/** The key the ping carries: the one the run's utility checks send with (family-keys.ts). */
function roleOf(name: RunProfile, has: (role: string) => boolean): string {
  return familyKeyRole('utility', name, has);
}

/** One ping; throws TargetUnusable (exit 4 or 5) when the target cannot be tested. */
export async function preflight(
  profile: TargetProfile,
  name: RunProfile,
  runId: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PreflightRecord> {
  const client = createClient({ profile, runId, readOnly: true, env });
  try {
    const role = roleOf(name, (r) => client.hasRole(r));
    const exchange = await client.send({ method: 'GET', path: '/v1/ping', role, label: 'preflight' });
    const url = publicUrl(exchange.request.url);
    const cause = causeOf(exchange);
    if (cause) {
      const seen = exchange.response ? `${exchange.response.status}` : `no response: ${exchange.error}`;
      throw new TargetUnusable(
        cause.code,
        `preflight GET ${url} with the ${role} key: ${seen}: ${cause.says}; no check was run`,
        cause.exitCode,
      );
    }
    const requestId = exchange.response?.headers['x-request-id'];
    return {
      url,
      role,
      ...(exchange.response ? { status: exchange.response.status } : {}),
      ...(exchange.error ? { error: exchange.error } : {}),
      ...(requestId ? { requestId } : {}),
    };
  } finally {
    await client.close();
  }
}
