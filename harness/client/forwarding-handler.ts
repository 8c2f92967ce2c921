/** A dispatch handler that passes every event on; interceptor handlers override what they observe. */
import type { Dispatcher } from 'undici';
import type { Duplex } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';

type Controller = Dispatcher.DispatchController;

export class ForwardingHandler implements Dispatcher.DispatchHandler {
  constructor(protected readonly next: Dispatcher.DispatchHandler) {}
  onRequestStart(controller: Controller, context: unknown): void {
    this.next.onRequestStart?.(controller, context);
  }
  onRequestUpgrade(controller: Controller, status: number, headers: IncomingHttpHeaders, socket: Duplex): void {
    this.next.onRequestUpgrade?.(controller, status, headers, socket);
  }
  onResponseStart(controller: Controller, status: number, headers: IncomingHttpHeaders, message?: string): void {
    this.next.onResponseStart?.(controller, status, headers, message);
  }
  onResponseData(controller: Controller, chunk: Buffer): void {
    this.next.onResponseData?.(controller, chunk);
  }
  onResponseEnd(controller: Controller, trailers: IncomingHttpHeaders): void {
    this.next.onResponseEnd?.(controller, trailers);
  }
  onResponseError(controller: Controller, error: Error): void {
    this.next.onResponseError?.(controller, error);
  }
}

/** The end of the chain: the recorder has already kept what matters, so the rest is dropped. */
export class DiscardHandler implements Dispatcher.DispatchHandler {
  onRequestStart(): void {}
  onResponseStart(): void {}
  onResponseData(): void {}
  onResponseEnd(): void {}
  onResponseError(): void {}
}

/** Stands in for undici's controller when a request fails before it reaches undici. */
export const idleController: Controller = {
  aborted: false,
  paused: false,
  reason: null,
  abort() {},
  pause() {},
  resume() {},
};
