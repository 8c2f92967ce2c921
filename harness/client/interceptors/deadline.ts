/**
 * A bound on the whole exchange. undici's headersTimeout/bodyTimeout bound idle gaps, so a body
 * that trickles a byte at a time would never end; this aborts it at the deadline. The code says
 * which part was late: `UND_ERR_HEADERS_TIMEOUT` before the status line, else `UND_ERR_BODY_TIMEOUT`.
 */
import { errors, type Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { ClientDispatchOptions } from '../dispatch-options.js';
import { ForwardingHandler } from '../forwarding-handler.js';

type Controller = Dispatcher.DispatchController;

class DeadlineHandler extends ForwardingHandler {
  #controller: Controller | undefined;
  #expired = false;
  #headersSeen = false;
  readonly #timer: NodeJS.Timeout;

  constructor(ms: number, next: Dispatcher.DispatchHandler) {
    super(next);
    this.#timer = setTimeout(() => this.#expire(), ms);
  }
  #reason(): Error {
    return this.#headersSeen ? new errors.BodyTimeoutError() : new errors.HeadersTimeoutError();
  }
  #expire(): void {
    this.#expired = true;
    this.#controller?.abort(this.#reason());
  }
  override onRequestStart(controller: Controller, context: unknown): void {
    this.#controller = controller;
    super.onRequestStart(controller, context);
    if (this.#expired) controller.abort(this.#reason());
  }
  override onResponseStart(
    controller: Controller,
    status: number,
    headers: IncomingHttpHeaders,
    message?: string,
  ): void {
    if (status >= 200) this.#headersSeen = true;
    super.onResponseStart(controller, status, headers, message);
  }
  override onResponseEnd(controller: Controller, trailers: IncomingHttpHeaders): void {
    clearTimeout(this.#timer);
    super.onResponseEnd(controller, trailers);
  }
  override onResponseError(controller: Controller, error: Error): void {
    clearTimeout(this.#timer);
    super.onResponseError(controller, error);
  }
}

/** Interceptor factory: applies `deadlineMs` from the dispatch options. */
export function deadline() {
  return (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch =>
    function deadlineDispatch(opts, handler) {
      const ms = (opts as ClientDispatchOptions).deadlineMs;
      return dispatch(opts, ms ? new DeadlineHandler(ms, handler) : handler);
    };
}
