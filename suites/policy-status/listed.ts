/**
 * What the run's policy-status lists showed (4.7), read back from the exchanges the run
 * recorded: each confirmation id with the plan year of its list, its position in it and the
 * shape of its row; and the ids the run read (4.8). A sample of them spreads over shapes and
 * positions, so a read that fails for part of the list (later rows, rows missing a member) is met.
 */
import type { Exchange } from '../../harness/suite/index.js';
import { LIST } from './policy-requests.js';
import { policyRowsOf } from './policy-status-reader.js';

export interface Listed {
  id: string;
  /** The plan_year of the list that showed it. */
  planYear: string;
  /** Its largest position (offset + index) in the run's lists. */
  position: number;
  /** Which members its row has, and which of them are null. */
  shape: string;
}

const pathOf = (ex: Exchange): URL | undefined => {
  try {
    return new URL(ex.request.url);
  } catch {
    return undefined;
  }
};

const shapeOf = (row: Record<string, unknown>): string =>
  Object.keys(row)
    .map((k) => (row[k] === null ? `${k}:null` : k))
    .sort()
    .join(',');

/** Ids the run's 200 lists showed (first shown first), and the ids it read with 200. */
export function listedConfirmations(exchanges: readonly Exchange[]): { listed: Listed[]; read: Set<string> } {
  const listed = new Map<string, Listed>();
  const read = new Set<string>();
  for (const ex of exchanges) {
    const url = pathOf(ex);
    if (!url || ex.request.method.toUpperCase() !== 'GET' || ex.response?.status !== 200) continue;
    const item = new RegExp(`${LIST}/([^/]+)$`).exec(url.pathname);
    if (item) read.add(decodeURIComponent(item[1]!));
    if (!url.pathname.endsWith(LIST)) continue;
    const planYear = url.searchParams.get('plan_year');
    const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
    if (planYear === null) continue;
    (policyRowsOf(ex.response.json) ?? []).forEach((row, index) => {
      const id = (row as { confirmation_id?: unknown } | null)?.confirmation_id;
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const key = String(id);
      const position = Math.max(offset + index, listed.get(key)?.position ?? 0);
      listed.set(key, { id: key, planYear, position, shape: shapeOf(row as Record<string, unknown>) });
    });
  }
  return { listed: [...listed.values()], read };
}

/**
 * At most `n` of `listed`: the first of each row shape (by position), then ids spread evenly over
 * the positions up to the last one, so the end of the list is always among them.
 */
export function spreadSample(listed: readonly Listed[], n: number): Listed[] {
  const byPosition = [...listed].sort((a, b) => a.position - b.position);
  const chosen = new Map<string, Listed>();
  for (const l of byPosition)
    if (chosen.size < n && ![...chosen.values()].some((c) => c.shape === l.shape)) chosen.set(l.id, l);
  for (let i = n; i >= 1 && chosen.size < n && byPosition.length > 0; i--) {
    const at = byPosition[Math.round(((byPosition.length - 1) * i) / n)]!;
    chosen.set(at.id, at);
  }
  for (const l of byPosition.reverse()) if (chosen.size < n) chosen.set(l.id, l);
  return [...chosen.values()];
}
