/**
 * The network under the interceptors: undici's EnvHttpProxyAgent, so HTTPS_PROXY, HTTP_PROXY
 * and NO_PROXY (either case) are honoured as partners' CI sets them, and the profile's CA
 * bundle is trusted beside the system's and NODE_EXTRA_CA_CERTS, for the target and the proxy.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher, type ProxyAgent } from 'undici';

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
  if (options.direct) return new Agent({ connect: tls });
  // EnvHttpProxyAgent hands its options to each ProxyAgent it makes, so the proxy options go here too.
  const agentOptions: EnvHttpProxyAgent.Options & Pick<ProxyAgent.Options, 'requestTls' | 'proxyTls' | 'proxyTunnel'> =
    {
      connect: tls,
      requestTls: tls,
      proxyTls: tls,
      // Plain http goes to the proxy as an absolute-form request, as forward proxies expect; https tunnels (CONNECT).
      proxyTunnel: false,
      ...proxyVariables(env),
    };
  return new EnvHttpProxyAgent(agentOptions);
}

/** The variables from the env given (lowercase first, as undici and curl read them), not only process.env. */
function proxyVariables(env: NodeJS.ProcessEnv): { httpProxy?: string; httpsProxy?: string; noProxy?: string } {
  const pick = (name: string) => env[name] ?? env[name.toUpperCase()];
  const out: { httpProxy?: string; httpsProxy?: string; noProxy?: string } = {};
  const http = pick('http_proxy');
  const https = pick('https_proxy');
  const no = pick('no_proxy');
  if (http) out.httpProxy = http;
  if (https) out.httpsProxy = https;
  if (no !== undefined) out.noProxy = no;
  return out;
}
