/** Comparing two OpenAPI documents fact by fact, and the disagreements allowed between them. */
export { compareDocuments } from './documents.js';
export { compareSchemas } from './schemas.js';
export { covers, pointerCovers, type DisagreementEntry } from './allowed.js';
export { countByKind, formatDifference, formatDifferences } from './format.js';
export type { Difference } from './types.js';
