/**
 * The network under the interceptors: undici's Agent, or its ProxyAgent where HTTPS_PROXY,
 * HTTP_PROXY and NO_PROXY (either case) send a request through a proxy, as partners' CI sets
 * them; the profile's CA bundle is trusted beside the system's and NODE_EXTRA_CA_CERTS, for
 * the target and the proxy. Which proxy carries a request is proxy-route.ts's to say.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { ProxyRouter } from './proxy-route.js';

export interface NetworkOptions {
  /** Connect (and TLS handshake) timeout, ms. */
  timeoutMs: number;
  /** Absolute path of a PEM bundle to trust beside the system's CAs. */
  caFile?: string;
  env?: NodeJS.ProcessEnv;
  /** Ignore the proxy variables (the embedded server). */
  direct?: boolean;
}

/**
 * Setting `ca` replaces Node's default store, which holds NODE_EXTRA_CA_CERTS; so the system
 * roots and that file are listed again. Without a caFile Node's default store is left alone.
 */
export function trustedCas(caFile: string | undefined, env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  if (caFile === undefined) return undefined;
  const extra = env.NODE_EXTRA_CA_CERTS ? [readOptional(env.NODE_EXTRA_CA_CERTS)] : [];
  return [...rootCertificates, ...extra.filter((t): t is string => t !== undefined), readFileSync(caFile, 'utf8')];
}

/** Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS; so does this (it is skipped). */
function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export function networkAgent(options: NetworkOptions): Dispatcher {
  const env = options.env ?? process.env;
  const ca = trustedCas(options.caFile, env);
  const tls = { timeout: options.timeoutMs, ...(ca ? { ca } : {}) };
  const direct = new Agent({ connect: tls });
  if (options.direct) return direct;
  // Plain http goes to the proxy as an absolute-form request, as forward proxies expect; https tunnels (CONNECT).
  const viaProxy = (uri: string) =>
    new ProxyAgent({ uri, connect: tls, requestTls: tls, proxyTls: tls, proxyTunnel: false });
  return new ProxyRouter(direct, viaProxy, env);
}
