/**
 * Recording: every exchange becomes a model Exchange, redacted and with bounded bodies, with
 * when it started and where its time went, handed to the request's `record.onExchange` and
 * appended to the run's journal. Reading stops at `maxBodyBytes` (the connection is aborted)
 * so a huge body costs neither memory nor time.
 */
import { randomUUID } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { Exchange } from '../../model.js';
import type { ClientDispatchOptions, RecordOptions } from '../dispatch-options.js';
import { ForwardingHandler } from '../forwarding-handler.js';
import type { JournalWriter } from '../journal.js';
import { BodyTruncated, failureCode } from '../errors.js';
import { redact, redactHeaders, redactTruncated } from '../redact.js';
import { describeBody, headerRecord, parseJson, truncationNote } from './record-text.js';

/**
 * What a request body keeps in the record: its first 64 KiB, with a note of the cut. The checks
 * that send more (a body past the size limit, 1 MiB and up) are judged on the answer; recorded
 * whole in the journal, the summary and the HAR, their filler made most of a run's reports.
 */
const RECORDED_REQUEST_BYTES = 64 * 1024;

type Controller = Dispatcher.DispatchController;

export interface RecordSettings {
  /** Every key value the client knows; removed from everything recorded. */
  secrets: readonly string[];
  /** Bound on the response body read and on each recorded body. */
  maxBodyBytes: number;
  /** The run's journal: every exchange is appended as it ends. */
  journal?: JournalWriter;
}

const ms = (from: number, to: number): number => Math.max(0, Math.round((to - from) * 10) / 10);

class RecordHandler extends ForwardingHandler {
  /** When the request was made (before its rate-budget wait). */
  readonly #made = performance.now();
  #started = this.#made;
  #startedAt = new Date();
  #firstByte: number | undefined;
  #status: number | undefined;
  #headers: Record<string, string> = {};
  readonly #chunks: Buffer[] = [];
  #size = 0;
  #truncated = false;
  #done = false;
  /** Pairs this exchange's two journal lines. */
  readonly #id = randomUUID();

  constructor(
    private readonly opts: ClientDispatchOptions,
    private readonly meta: RecordOptions,
    private readonly settings: RecordSettings,
    next: Dispatcher.DispatchHandler,
  ) {
    super(next);
  }

  override onRequestStart(controller: Controller, context: unknown): void {
    // Time from sending, not from queueing behind the rate budget.
    this.#started = performance.now();
    this.#startedAt = new Date();
    const wrong = this.meta.wrong ? { wrong: this.meta.wrong } : {};
    this.#journal({ request: { ...this.#request(), body: undefined }, durationMs: 0, ...wrong }, true);
    super.onRequestStart(controller, context);
  }
  override onResponseStart(
    controller: Controller,
    status: number,
    headers: IncomingHttpHeaders,
    message?: string,
  ): void {
    if (status >= 200) {
      this.#firstByte = performance.now();
      this.#status = status;
      this.#headers = headerRecord(headers);
    }
    super.onResponseStart(controller, status, headers, message);
  }
  override onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.#truncated) return;
    const room = this.settings.maxBodyBytes - this.#size;
    if (chunk.length > room) {
      this.#keep(chunk.subarray(0, room));
      this.#truncated = true;
      controller.abort(new BodyTruncated(this.settings.maxBodyBytes));
      return;
    }
    this.#keep(chunk);
    super.onResponseData(controller, chunk);
  }
  override onResponseEnd(controller: Controller, trailers: IncomingHttpHeaders): void {
    this.#finish();
    super.onResponseEnd(controller, trailers);
  }
  override onResponseError(controller: Controller, error: Error): void {
    this.#finish(this.#truncated ? undefined : error);
    super.onResponseError(controller, error);
  }

  /** A line of the run's journal: the request as it leaves (`sent`), or the whole exchange. */
  #journal(exchange: Exchange, sent?: true): void {
    const { journal } = this.settings;
    if (!journal) return;
    const startedAt = this.#startedAt.toISOString();
    const source = this.meta.source ?? { check: '(unnamed)' };
    journal.write({
      ...source,
      api: this.meta.api,
      id: this.#id,
      ...(sent ? { sent, exchange: { ...exchange, startedAt } } : { exchange }),
    });
  }

  #keep(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#size += chunk.length;
  }

  #finish(error?: Error): void {
    if (this.#done) return;
    this.#done = true;
    const end = performance.now();
    const exchange: Exchange = {
      request: this.#request(),
      durationMs: ms(this.#started, end),
      startedAt: this.#startedAt.toISOString(),
      timings: {
        blocked: ms(this.#made, this.#started),
        wait: ms(this.#started, this.#firstByte ?? end),
        receive: this.#firstByte === undefined ? 0 : ms(this.#firstByte, end),
      },
    };
    if (this.#status !== undefined && !error) exchange.response = this.#response();
    if (error) exchange.error = failureCode(error);
    if (error && this.#status !== undefined) exchange.answerBegan = true;
    if (this.meta.role !== undefined) exchange.role = this.meta.role;
    if (this.meta.label !== undefined) exchange.label = this.meta.label;
    if (this.meta.wrong !== undefined) exchange.wrong = this.meta.wrong;
    if (this.meta.operation !== undefined) exchange.operation = this.meta.operation;
    if (this.#truncated) exchange.truncated = true;
    this.#journal(exchange);
    this.meta.onExchange(exchange);
  }

  #request(): Exchange['request'] {
    const { secrets, maxBodyBytes } = this.settings;
    const request: Exchange['request'] = {
      method: this.opts.method,
      url: redact(`${String(this.opts.origin ?? '')}${this.opts.path}`, secrets),
      headers: redactHeaders(headerRecord(this.opts.headers as IncomingHttpHeaders | undefined), secrets),
    };
    const body = describeBody(this.opts.body, Math.min(maxBodyBytes, RECORDED_REQUEST_BYTES), secrets);
    if (body !== undefined) request.body = body;
    return request;
  }

  #response(): NonNullable<Exchange['response']> {
    const { secrets, maxBodyBytes } = this.settings;
    const bytes = Buffer.concat(this.#chunks);
    const text = bytes.toString('utf8');
    const body = this.#truncated
      ? redactTruncated(text, secrets) + truncationNote(maxBodyBytes)
      : redact(text, secrets);
    const response: NonNullable<Exchange['response']> = {
      status: this.#status as number,
      headers: redactHeaders(this.#headers, secrets),
      body,
    };
    if (!this.#truncated) {
      const json = parseJson(body, response.headers['content-type']);
      if (json.ok) response.json = json.value;
      // A cut body may end inside a character: only a whole body says what its bytes are.
      if (!isUtf8(bytes)) response.notUtf8 = true;
    }
    return response;
  }
}

/** Interceptor factory: records requests that carry `record` options. */
export function recorder(settings: RecordSettings) {
  return (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch =>
    function recordDispatch(opts, handler) {
      const meta = (opts as ClientDispatchOptions).record;
      if (!meta) return dispatch(opts, handler);
      return dispatch(opts, new RecordHandler(opts as ClientDispatchOptions, meta, settings, handler));
    };
}
