/**
 * Whether a documented disagreement covers a difference: same operation, same status, and a
 * body location at or below the entry's pointer (`*` matches any one segment; `members`, when
 * given, narrows the entry to those members of the object at the pointer).
 */
import type { Difference } from './types.js';

interface DisagreementWhere {
  operations: string[];
  status?: string;
  pointer?: string;
  members?: string[];
}

export interface DisagreementEntry {
  id: string;
  kind: 'response-shape' | 'request-shape' | 'status' | 'behaviour';
  where?: DisagreementWhere;
}

/** Which difference kinds an entry of each kind may cover. */
const COVERS: Record<DisagreementEntry['kind'], ReadonlyArray<Difference['kind']>> = {
  'response-shape': ['response-shape'],
  'request-shape': ['request-shape'],
  status: ['status'],
  behaviour: [],
};

export function covers(entry: DisagreementEntry, d: Difference): boolean {
  const where = entry.where;
  if (!where || !COVERS[entry.kind].includes(d.kind) || !where.operations.includes(d.operationId)) return false;
  if (where.status !== undefined && where.status !== d.status) return false;
  if (entry.kind === 'status') return true;
  return pointerCovers(where.pointer ?? '', d.pointer, where.members);
}

export function pointerCovers(entry: string, pointer: string, members?: readonly string[]): boolean {
  const want = segments(entry);
  const have = segments(pointer);
  if (have.length < want.length) return false;
  const prefix = want.every((s, i) => s === '*' || have[i] === '*' || s === have[i]);
  if (!prefix) return false;
  if (!members) return true;
  return have.length > want.length && members.includes(have[want.length]);
}

function segments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .replace(/^\//, '')
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
