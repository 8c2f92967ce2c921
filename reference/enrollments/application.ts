/**
 * The stored direct-enrollment application (2.8) and the state it carries through section 3.
 * The application data is kept as sent (the request root without `context`), with `plan_year`
 * taken from `context.plan_year` as the provider's document says; state lives beside it.
 */
import type { FieldError } from './errors.js';
import { isObject } from '../core/shape.js';
import type { PolicyStatus } from '../../harness/model.js';

/** The document's SEP verification states the sandbox reaches (it never verifies or denies). */
type DocumentStatus = 'none_needed' | 'required' | 'uploaded';

export type ApplicationData = Record<string, unknown>;

type PendingAction = 'submission' | 'cancellation' | 'termination';

/** An entry of the application's audit timeline (the document's ApplicationEvent). */
export interface ApplicationEvent {
  type:
    | 'submitted'
    | 'changed'
    | 'document_status_changed'
    | 'cancelled'
    | 'submission_failed'
    | 'policy_status_updated';
  occurred_at: string;
  target?: 'application' | 'applicant';
  changes?: Array<{ field: string; from: string | null; to: string | null }>;
  old_status?: string;
  new_status?: string;
  effective_date?: string;
  message?: string;
}

export interface Application {
  id: string;
  /** Owning account id; null for seeded applications, which every approved account sees. */
  owner: string | null;
  data: ApplicationData;
  policy_status: PolicyStatus;
  /** An asynchronous change in flight; a second one waits until it settles. */
  pending_action: PendingAction | null;
  document_status: DocumentStatus;
  errors: FieldError[];
  /** Bumped by every PUT that changes data; a submission sends a revision once. */
  revision: number;
  submitted_revision: number | null;
  /** Oldest first; the view shows them newest first. */
  events: ApplicationEvent[];
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  /** Server time (ms) when the carrier accepted the first submission. */
  accepted_at_ms: number | null;
  /** Its list row as it was before its latest PUT change, and when that change came (a lagging list shows it). */
  listed_before_change?: { row: Record<string, unknown>; at_ms: number };
}

/** Request members that route or identify the caller, never application data. */
const NOT_DATA = new Set(['context']);

/** The application data of a create or update body: its root members, `plan_year` from the context. */
export function pickData(body: Record<string, unknown>): ApplicationData {
  const data: ApplicationData = {};
  for (const [member, value] of Object.entries(body))
    if (!NOT_DATA.has(member) && value !== undefined) data[member] = value;
  const context = body.context as Record<string, unknown> | undefined;
  // The document: a root plan_year is not the caller's to set; context.plan_year is.
  if (context && context.plan_year !== undefined) data.plan_year = context.plan_year;
  else delete data.plan_year;
  return data;
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

/** The plan year of an application (always an integer once created: the context requires it). */
export const planYearOf = (app: Application): number | undefined =>
  Number.isInteger(app.data.plan_year) ? (app.data.plan_year as number) : undefined;

/** The employer id of an application: the document's `hra.employer.external_id`, else a root `employer_external_id`. */
export function employerOf(app: Application): string | undefined {
  const id = valueAt(app.data, 'hra.employer.external_id') ?? app.data.employer_external_id;
  return typeof id === 'string' ? id : undefined;
}
