/**
 * Which proxy carries a request, chosen as undici's EnvHttpProxyAgent chooses (HTTPS_PROXY,
 * HTTP_PROXY and NO_PROXY, either case, lowercase first), but here rather than inside that
 * agent: it does not say which proxy carried a request, and a proxy that cannot be reached must
 * be named as the proxy, not reported as the target not listening.
 */
import { Dispatcher } from 'undici';
import { ForwardingHandler } from './forwarding-handler.js';

/** A proxy a request goes through: its URL and the variable that named it. */
export interface ProxyRoute {
  url: string;
  variable: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** `name` from `env`, lowercase first, as undici and curl read the proxy variables. */
function variable(env: NodeJS.ProcessEnv, name: string): { name: string; value: string } | undefined {
  for (const spelled of [name, name.toUpperCase()]) {
    const value = env[spelled];
    if (value) return { name: spelled, value };
  }
  return undefined;
}

/** NO_PROXY lists the host (or a parent domain; `*` is every host), with the port when it names one. */
function bypassed(noProxy: string, host: string, port: number): boolean {
  if (noProxy.trim() === '*') return true;
  return noProxy
    .split(/[,\s]/)
    .filter(Boolean)
    .some((entry) => {
      const m = /^(.+):(\d+)$/.exec(entry);
      const name = (m ? m[1]! : entry).replace(/^\*?\./, '').toLowerCase();
      if (m && Number(m[2]) !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}

/**
 * The proxy a request to `origin` goes through (undefined: straight to the target). https uses
 * HTTPS_PROXY, else HTTP_PROXY; plain http uses HTTP_PROXY; NO_PROXY keeps a host direct.
 */
export function proxyFor(origin: string | URL, env: NodeJS.ProcessEnv = process.env): ProxyRoute | undefined {
  const url = new URL(origin);
  const http = variable(env, 'http_proxy');
  const named = url.protocol === 'https:' ? (variable(env, 'https_proxy') ?? http) : http;
  if (!named) return undefined;
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  return bypassed(noProxy, host, port) ? undefined : { url: named.value, variable: named.name.toUpperCase() };
}

/** Failures of reaching a host at all: through a proxy, that host is the proxy. */
const UNREACHED =
  /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|ENOTFOUND|EAI_\w+|UND_ERR_CONNECT_TIMEOUT|ETIMEDOUT)$/;

/** The proxy could not be reached: the code of the failure, marked as the proxy's. */
export class ProxyUnreachable extends Error {
  readonly code: string;
  constructor(
    readonly proxy: ProxyRoute,
    cause: Error & { code?: string },
  ) {
    super(`the proxy named by ${proxy.variable} cannot be reached: ${cause.message}`, { cause });
    this.name = 'ProxyUnreachable';
    this.code = `PROXY_UNREACHABLE_${cause.code}`;
  }
}

class ViaProxyHandler extends ForwardingHandler {
  #answered = false;
  constructor(
    private readonly proxy: ProxyRoute,
    next: Dispatcher.DispatchHandler,
  ) {
    super(next);
  }
  override onResponseStart(...args: Parameters<ForwardingHandler['onResponseStart']>): void {
    this.#answered = true;
    super.onResponseStart(...args);
  }
  override onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    const code = (error as { code?: unknown }).code;
    const unreached = !this.#answered && typeof code === 'string' && UNREACHED.test(code);
    super.onResponseError(controller, unreached ? new ProxyUnreachable(this.proxy, error) : error);
  }
}

/** Each request to the direct agent or to the ProxyAgent of its proxy (made on first use). */
export class ProxyRouter extends Dispatcher {
  readonly #proxies = new Map<string, Dispatcher>();
  constructor(
    private readonly direct: Dispatcher,
    private readonly proxyAgent: (url: string) => Dispatcher,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    super();
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const route = opts.origin === undefined ? undefined : proxyFor(String(opts.origin), this.env);
    if (!route) return this.direct.dispatch(opts, handler);
    let agent = this.#proxies.get(route.url);
    if (!agent) {
      agent = this.proxyAgent(route.url);
      this.#proxies.set(route.url, agent);
    }
    return agent.dispatch(opts, new ViaProxyHandler(route, handler));
  }

  #all(): Dispatcher[] {
    return [this.direct, ...this.#proxies.values()];
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const closed = Promise.all(this.#all().map((d) => d.close())).then(() => undefined);
    if (!callback) return closed;
    void closed.then(callback);
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const err = typeof a === 'function' ? null : (a ?? null);
    const callback = typeof a === 'function' ? a : b;
    const destroyed = Promise.all(this.#all().map((d) => d.destroy(err))).then(() => undefined);
    if (!callback) return destroyed;
    void destroyed.then(callback);
  }
}
