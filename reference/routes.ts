/**
 * Every route module mounted by the reference server, one per endpoint family.
 * Each module builds its routes per server instance (state never leaks between servers).
 */
import { enrollmentRoutes } from './enrollments/index.js';
import { legacyRoutes } from './legacy/index.js';
import { medicareRoutes } from './medicare/index.js';
import { policyStatusRoutes } from './policy-status/index.js';
import { quoteRoutes } from './quotes/index.js';
import { referenceDataRoutes } from './reference-data/index.js';
import { sessionRoutes } from './sessions/index.js';
import type { RouteModule } from './types.js';
import { utilityRoutes } from './utility/index.js';

export const routeModules: RouteModule[] = [
  utilityRoutes,
  referenceDataRoutes,
  quoteRoutes,
  sessionRoutes,
  policyStatusRoutes,
  enrollmentRoutes,
  legacyRoutes,
  medicareRoutes,
];
