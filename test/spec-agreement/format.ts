/** Differences as lines a reader can act on: operation, status, where, pointer, ours vs theirs. */
import type { Difference } from './types.js';

export function formatDifference(d: Difference): string {
  const at = [d.where, d.pointer || '/', d.keyword].filter(Boolean).join(' ');
  return `[${d.kind}] ${d.operationId} (${d.method} ${d.path}) ${at}: ours ${show(d.ours)} | theirs ${show(d.theirs)}`;
}

export function formatDifferences(differences: readonly Difference[]): string {
  return differences.map(formatDifference).join('\n');
}

/** Count by kind, e.g. `{ 'response-shape': 12, status: 1 }`. */
export function countByKind(differences: readonly Difference[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of differences) counts[d.kind] = (counts[d.kind] ?? 0) + 1;
  return counts;
}

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
