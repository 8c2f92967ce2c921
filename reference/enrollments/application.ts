/**
 * The stored direct-enrollment application (2.8) and the state it carries through section 3.
 * Application data is kept as sent (only the members of 2.8); state lives beside it.
 */
import type { FieldError } from './errors.js';

export const POLICY_STATUSES = [
  'draft',
  'pending_effectuation',
  'effectuated',
  'submission_failed',
  'cancelled',
  'terminated',
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** Members of the create body that make up the application data (2.8). */
export const DATA_MEMBERS = [
  'external_id',
  'employer_external_id',
  'plan_hios_id',
  'desired_effective_date',
  'applicants',
  'residential_address',
  'special_enrollment_period',
] as const;

export type ApplicationData = Partial<Record<(typeof DATA_MEMBERS)[number], unknown>> & {
  plan_year?: unknown;
};

export type PendingAction = 'submission' | 'cancellation' | 'termination';

export interface TrackedChange {
  field: string;
  changed_at: string;
  revision: number;
}

export interface Application {
  id: string;
  /** Owning account id; null for seeded applications, which every approved account sees. */
  owner: string | null;
  data: ApplicationData;
  policy_status: PolicyStatus;
  /** Processing state of the last submission; `policy_status` changes only when it settles. */
  submission_status: 'not_submitted' | 'processing' | 'accepted' | 'failed';
  /** An asynchronous change in flight; a second one waits until it settles. */
  pending_action: PendingAction | null;
  document_status: 'not_required' | 'required' | 'received';
  errors: FieldError[];
  /** Bumped by every PUT that changes data; a submission sends a revision once. */
  revision: number;
  submitted_revision: number | null;
  changes: TrackedChange[];
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  /** Server time (ms) when the carrier accepted the first submission. */
  accepted_at_ms: number | null;
}

/** The members of 2.8 from a request body, objects kept only when they are objects. */
export function pickData(body: Record<string, unknown>): ApplicationData {
  const data: ApplicationData = {};
  for (const member of DATA_MEMBERS) {
    if (body[member] !== undefined) data[member] = body[member];
  }
  const context = body.context as Record<string, unknown> | undefined;
  if (context && context.plan_year !== undefined) data.plan_year = context.plan_year;
  return data;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Value at a dotted path, or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const part of path.split('.')) {
    if (!isObject(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

export function isoDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
