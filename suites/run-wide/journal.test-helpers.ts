/**
 * Journals of exchanges for the oracles' own tests: entries built from a method, a path, a
 * status and a body (and what the request sent), judged against the bundled documents as a run
 * against `http://t/partner-api` would judge them.
 */
import { loadContract, routedOperation, routedValidator } from '../../harness/contract/index.js';
import type { Exchange, JournalEntry, MadeWrong } from '../../harness/model.js';
import { DEFAULT_SPEC, projectPath } from '../../harness/paths.js';
import { ruleCatalogue } from '../../harness/suite/catalogue.js';
import { runConfigFor } from '../../harness/suite/fake-target.test-helpers.js';
import { runWideFindings, type Invariant } from '../../harness/suite/run-wide.js';
import type { TargetContext } from '../../harness/target.js';

const BASE = 'http://t/partner-api';
export const RUN_ID = '20260101T000000Z-test';
export const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** The run's context over the bundled documents (ours, the older ICHRA one, the Medicare one). */
export async function documentsTarget(spec = DEFAULT_SPEC): Promise<TargetContext> {
  const [contract, ...others] = await Promise.all(
    [spec, projectPath('specs', 'legacy-ichra.yaml'), projectPath('specs', 'medicare.yaml')].map((s) =>
      loadContract(s),
    ),
  );
  return {
    config: runConfigFor({ runId: RUN_ID }, { baseUrl: BASE }),
    contract,
    validateResponse: routedValidator(contract!, others),
    operationOf: routedOperation(contract!, others),
  } as unknown as TargetContext;
}

export interface Sent {
  /** The request body: JSON (an object) or text as sent. */
  body?: unknown;
  headers?: Record<string, string>;
  wrong?: MadeWrong;
  api?: JournalEntry['api'];
  check?: string;
}

/** An entry of `method path` answered `status` with `body` (a string is sent as is, anything else as JSON). */
export function entry(
  method: string,
  path: string,
  status: number | undefined,
  body: unknown = {},
  headers: Record<string, string> = JSON_TYPE,
  sent: Sent = {},
): JournalEntry {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const requestBody =
    sent.body === undefined ? {} : { body: typeof sent.body === 'string' ? sent.body : JSON.stringify(sent.body) };
  const exchange: Exchange = {
    request: { method, url: `${BASE}${path}`, headers: sent.headers ?? {}, ...requestBody },
    ...(status === undefined
      ? { error: 'UND_ERR_CONNECT_TIMEOUT' }
      : { response: { status, headers, body: text, ...(typeof body === 'string' ? {} : { json: body }) } }),
    durationMs: 1,
    ...(sent.wrong ? { wrong: sent.wrong } : {}),
  };
  return { check: sent.check ?? 'some check', family: 'enrollments', api: sent.api ?? 'v1', exchange };
}

/** The entry with its body cut at the size bound. */
export function cut(e: JournalEntry): JournalEntry {
  const response = e.exchange.response!;
  return {
    ...e,
    exchange: {
      ...e.exchange,
      truncated: true,
      response: {
        status: response.status,
        headers: response.headers,
        body: `${response.body.slice(0, 10)}\n[truncated]`,
      },
    },
  };
}

/** The findings of `invariant` over `entries`, held to `rules`. */
export function judge(
  target: TargetContext,
  invariant: Invariant,
  rules: readonly string[],
  ...entries: JournalEntry[]
) {
  const catalogue = ruleCatalogue();
  return runWideFindings(
    entries,
    'run-wide',
    rules.map((id) => catalogue.byId(id)!),
    invariant,
    target,
  );
}

/** `[verdict, rules]` of each finding, for short assertions. */
export const verdicts = (findings: ReturnType<typeof judge>) => findings.map((f) => [f.verdict, f.rules]);
