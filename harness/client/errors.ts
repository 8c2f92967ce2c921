/**
 * Errors and failure codes of the HTTP client. A transport failure never throws: it becomes
 * `exchange.error` with one of these codes or undici's own (`UND_ERR_*`, `ECONNREFUSED`, ...).
 */

/** Exchange error when a request would wait for its rate budget longer than its timeout. */
export const BUDGET_TIMEOUT = 'BUDGET_TIMEOUT';

/**
 * An exchange that got no answer (the request left: a budget wait is not the target's) or a 5xx:
 * what may be gone on the next try, so confirmed before it counts, and what a host that is down gives.
 */
export function unansweredOr5xx(exchange: { response?: { status: number }; error?: string }): boolean {
  if (exchange.response) return exchange.response.status >= 500;
  return exchange.error !== undefined && exchange.error !== BUDGET_TIMEOUT;
}

/**
 * The profile has no key for the role a check asked for. Suites report the check
 * `skipped` with `needs` instead of failing it.
 */
export class MissingKeyRole extends Error {
  readonly code = 'E_KEY_ROLE_MISSING' as const;
  /** What the check needs, in the form findings use, e.g. `role unapproved`. */
  readonly needs: string;
  constructor(readonly role: string) {
    super(`the target profile has no key for role "${role}"; add it under "keys" to run this check`);
    this.name = 'MissingKeyRole';
    this.needs = `role ${role}`;
  }
}

/** The request waited for its rate budget past its timeout; it was never sent. */
export class BudgetTimeout extends Error {
  readonly code = BUDGET_TIMEOUT;
  constructor(bucket: string, waitMs: number, limitMs: number) {
    super(`rate budget "${bucket}" would need a ${Math.ceil(waitMs)} ms wait, above the ${limitMs} ms timeout`);
    this.name = 'BudgetTimeout';
  }
}

/** The request past the run's request cap (its run profile's `requestCap`): never sent. */
export class RequestCapExceeded extends Error {
  readonly code = 'E_REQUEST_CAP' as const;
  constructor(
    readonly cap: number,
    readonly runProfile: string,
    method: string,
    path: string,
  ) {
    super(
      `refused ${method} ${path.split('?')[0]}: the ${runProfile} profile sends at most ${cap} requests a ` +
        `run and this would be request ${cap + 1}; ` +
        `the target was not at fault: trim the checks marked profiles ['${runProfile}'] in suites/ so ` +
        `they fit the budget`,
    );
    this.name = 'RequestCapExceeded';
  }
}

/** Internal marker: the recorder stopped reading a body at its size bound. Not a failure. */
export class BodyTruncated extends Error {
  readonly code = 'BODY_TRUNCATED' as const;
  constructor(readonly limitBytes: number) {
    super(`response body larger than ${limitBytes} bytes; reading stopped`);
    this.name = 'BodyTruncated';
  }
}

/** The stable code recorded for a transport failure: undici's or Node's code, else the name. */
export function failureCode(err: unknown): string {
  const e = err as {
    code?: unknown;
    cause?: { code?: unknown };
    errors?: Array<{ code?: unknown }>;
    name?: unknown;
    message?: unknown;
  };
  // undici reports a refused CONNECT or a 407 under generic codes; only the message keeps the proxy's status.
  const proxy =
    typeof e?.message === 'string' ? /^Proxy (?:response|Authentication Required) \((\d+)\)/.exec(e.message) : null;
  if (proxy) return `PROXY_REFUSED_${proxy[1]}`;
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  const inner = e?.errors?.find((x) => typeof x?.code === 'string');
  if (inner) return inner.code as string;
  return typeof e?.name === 'string' ? e.name : 'UNKNOWN_ERROR';
}
