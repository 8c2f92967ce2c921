/** Where a request goes: base URL per API family, path and query, kept as written. */
import type { TargetProfile } from '../run-config.js';
import type { ApiFamily, ApiRequest, HeaderCase } from './types.js';

/** The key header of each API family (contract section 5, rule 1). */
export const KEY_HEADER: Record<ApiFamily, string> = {
  v1: 'x-api-key',
  legacy: 'x-api-key',
  medicare: 'X-API-Key',
};

function baseUrl(profile: TargetProfile, api: ApiFamily): string {
  const bases: Record<ApiFamily, string | undefined> = {
    v1: profile.baseUrl,
    legacy: profile.legacyBaseUrl,
    medicare: profile.medicareBaseUrl,
  };
  return bases[api] ?? profile.baseUrl;
}

function queryString(query: ApiRequest['query']): string {
  return Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/**
 * The origin and the request path. The path is not normalised: edge checks send odd paths
 * on purpose. A query in `path` is kept and `query` is appended to it.
 */
export function requestTarget(profile: TargetProfile, req: ApiRequest): { origin: string; path: string } {
  const base = new URL(baseUrl(profile, req.api ?? 'v1'));
  const prefix = base.pathname.replace(/\/+$/, '');
  const extra = queryString(req.query);
  let path = prefix + (req.path.startsWith('/') ? req.path : `/${req.path}`);
  if (extra) path += (path.includes('?') ? '&' : '?') + extra;
  return { origin: base.origin, path };
}

/** The inverse of requestTarget: a recorded URL's path below the base URL of its API (`/v1/ping`), query kept. */
export function apiPathOf(profile: TargetProfile, api: ApiFamily, url: string): string {
  const prefix = new URL(baseUrl(profile, api)).pathname.replace(/\/+$/, '');
  const { pathname, search } = new URL(url);
  return (prefix && pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname) + search;
}

/** A header name written in `style`: `X-API-KEY`, `x-api-key`, `X-Api-Key` or `x-ApI-kEy`. */
const CASES: Record<HeaderCase, (name: string) => string> = {
  upper: (name) => name.toUpperCase(),
  lower: (name) => name.toLowerCase(),
  title: (name) => name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase()),
  alternating: (name) => [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(''),
};

/** `headers` with every name in `style` (values as they are). */
export function headersInCase(headers: Record<string, string>, style: HeaderCase): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [CASES[style](name), value]));
}
