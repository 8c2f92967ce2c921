/**
 * Deterministic id source: one counter per prefix, so two servers started alike hand out
 * the same ids in the same order (reproducible runs and snapshots).
 */
export interface IdSource {
  /** `nextId('enr')` → `enr_000001`, then `enr_000002`, ... */
  next(prefix: string): string;
}

export function createIdSource(): IdSource {
  const counters = new Map<string, number>();
  return {
    next(prefix) {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return `${prefix}_${String(n).padStart(6, '0')}`;
    },
  };
}
