/**
 * The reference server's route table, read once without a server: every route module
 * (reference/routes.ts) mounted on an environment where no switch is on. The faults per
 * operation are generated from it, and their rewrites tell a route's requests by it.
 */
import { BODY_METHODS, DEFAULT_BODY_TYPES } from '../../core/pipeline.js';
import { createRouter } from '../../core/router.js';
import { routeModules } from '../../routes.js';
import type { Route, ServerEnv } from '../../types.js';

/** An environment in which nothing is switched on and nothing is scheduled: the routes' declarations only. */
const STILL: ServerEnv = {
  now: () => new Date(0),
  nextId: (prefix) => `${prefix}_0`,
  on: () => false,
  processingDelayMs: 0,
  later: () => {},
};

export const ROUTES: readonly Route[] = routeModules.flatMap((m) => m(STILL));

/** A route's id, as the documents write an operation: `GET /v1/enrollments/{enrollment_id}`. */
export const routeId = (route: Pick<Route, 'method' | 'pattern'>): string => `${route.method} ${route.pattern}`;

const router = createRouter([...ROUTES]);

/** The id of the route a request goes to (undefined for a request no route takes). */
export function routeIdOf(method: string, path: string): string | undefined {
  const match = router.match(method, path);
  return match && routeId(match.route);
}

/** A path of the route, each parameter filled with an id nobody issued. */
export const pathOf = (route: Pick<Route, 'pattern'>): string => route.pattern.replace(/\{[^}]+\}/g, 'probe');

/** The route in kebab case, for fault names: `get-v1-enrollments-enrollment-id`. */
export const slugOf = (route: Pick<Route, 'method' | 'pattern'>): string =>
  [route.method, ...route.pattern.split(/[/_{}]+/)]
    .filter(Boolean)
    .map((part) => part.toLowerCase())
    .join('-');

/** The route decodes a JSON body (a write whose media types include JSON). */
export const takesJson = (route: Route): boolean =>
  BODY_METHODS.has(route.method) && DEFAULT_BODY_TYPES(route).includes('json');
