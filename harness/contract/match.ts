/**
 * Finds the operation a concrete request path belongs to, e.g. `/v1/enrollments/abc` →
 * `/v1/enrollments/{enrollment_id}`. Literal segments win over templated ones, so
 * `/v1/things/search` is not taken for `/v1/things/{id}`. The path may carry the server's
 * path prefix or not (a provider's document may put `/v1` in `servers` instead of `paths`).
 */
import type { Operation } from './types.js';

interface Matcher {
  operation: Operation;
  pattern: RegExp;
  /** Number of literal segments: the more, the more specific. */
  literals: number;
}

export type OperationMatcher = (method: string, concretePath: string) => Operation | undefined;

export function createMatcher(operations: readonly Operation[], servers: unknown): OperationMatcher {
  const matchers = operations.map(toMatcher);
  const prefixes = serverPrefixes(servers);
  return (method, concretePath) => {
    const path = pathOnly(concretePath);
    const candidates = [path, ...prefixes.filter((p) => path.startsWith(`${p}/`)).map((p) => path.slice(p.length))];
    const upper = method.toUpperCase();
    for (const candidate of candidates) {
      const best = matchers
        .filter((m) => m.operation.method === upper && m.pattern.test(candidate))
        .sort((a, b) => b.literals - a.literals)[0];
      if (best) return best.operation;
    }
    return undefined;
  };
}

function toMatcher(operation: Operation): Matcher {
  const segments = operation.path.replace(/\/+$/, '').split('/');
  const literals = segments.filter((s) => !s.includes('{')).length;
  const source = segments
    .map((s) =>
      s
        .split(/\{[^}]*\}/)
        .map(escapeRegExp)
        .join('[^/]+'),
    )
    .join('/');
  return { operation, pattern: new RegExp(`^${source}/?$`), literals };
}

/** Path prefixes of the documented servers (`https://host/v1` → `/v1`, `{base_url}/api` → `/api`). */
function serverPrefixes(servers: unknown): string[] {
  if (!Array.isArray(servers)) return [];
  const prefixes = servers
    .map((s) =>
      s && typeof s === 'object' && typeof (s as { url?: unknown }).url === 'string' ? (s as { url: string }).url : '',
    )
    .map((url) =>
      url
        .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
        .replace(/^\{[^}]*\}/, '')
        .replace(/\/+$/, ''),
    )
    .filter((p) => p.startsWith('/') && !p.includes('{'));
  return [...new Set(prefixes)];
}

function pathOnly(concrete: string): string {
  const withoutOrigin = concrete.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return withoutOrigin.split(/[?#]/)[0] || '/';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
