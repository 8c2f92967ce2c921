/**
 * Path matching for the route table: exact paths through a map, patterns with `{name}`
 * parameters segment by segment. Built once per server, so a lookup costs a map hit or a
 * short scan of the parameterised routes.
 */
import type { Route } from '../types.js';

interface Match {
  route: Route;
  params: Record<string, string>;
}

interface Compiled {
  route: Route;
  segments: string[];
}

export interface Router {
  match(method: string, path: string): Match | undefined;
  /** The methods of the routes whose pattern matches `path` (empty for an unknown path). */
  methodsAt(path: string): string[];
}

export function createRouter(routes: Route[]): Router {
  const exact = new Map<string, Route>();
  const patterned: Compiled[] = [];
  for (const route of routes) {
    const id = `${route.method} ${route.pattern}`;
    if (exact.has(id) || patterned.some((c) => `${c.route.method} ${c.route.pattern}` === id)) {
      throw new Error(`duplicate route ${id}`);
    }
    if (route.pattern.includes('{')) patterned.push({ route, segments: route.pattern.split('/') });
    else exact.set(id, route);
  }
  return {
    match(method, path) {
      const hit = exact.get(`${method} ${path}`);
      if (hit) return { route: hit, params: {} };
      const parts = path.split('/');
      for (const c of patterned) {
        if (c.route.method !== method || c.segments.length !== parts.length) continue;
        const params = matchSegments(c.segments, parts);
        if (params) return { route: c.route, params };
      }
      return undefined;
    },
    methodsAt(path) {
      const parts = path.split('/');
      const exactly = [...exact.values()].filter((r) => r.pattern === path);
      const patterns = patterned
        .filter((c) => c.segments.length === parts.length && matchSegments(c.segments, parts))
        .map((c) => c.route);
      return [...new Set([...exactly, ...patterns].map((r) => r.method))];
    },
  };
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i]!;
    const part = parts[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (part === '') return undefined;
      const value = safeDecode(part);
      if (value === undefined) return undefined;
      params[seg.slice(1, -1)] = value;
    } else if (seg !== part) {
      return undefined;
    }
  }
  return params;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
