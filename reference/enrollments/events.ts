/**
 * The application's audit timeline, the provider's `events[]` (ApplicationEvent): recorded as
 * things happen, shown newest first. A PUT that changes data records a `changed` event with
 * its field-level changes, which is how the application shows what a resubmission will send.
 */
import type { Application, ApplicationData, ApplicationEvent } from './application.js';
import { isObject } from '../core/shape.js';

/** Members whose values the timeline never shows (the document: SSN and ITIN are redacted). */
const REDACTED = /(^|\.)(ssn|itin)$/;

export function record(app: Application, event: Omit<ApplicationEvent, 'occurred_at'>, at: string): void {
  app.events.push({ ...event, occurred_at: at } as ApplicationEvent);
}

/** Dotted paths of the leaves that differ between two values. */
function changedLeaves(before: unknown, after: unknown, path = '', out: string[] = []): string[] {
  if (isObject(before) && isObject(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
      changedLeaves(before[k], after[k], path ? `${path}.${k}` : k, out);
    return out;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push(path);
  return out;
}

function shown(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (REDACTED.test(field)) return '[redacted]';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function leaf(data: ApplicationData, field: string): unknown {
  let cur: unknown = data;
  for (const part of field.split('.')) cur = isObject(cur) ? cur[part] : undefined;
  return cur;
}

/** The `changed` event between two versions of the data, or null when nothing changed. */
export function changeEvent(
  before: ApplicationData,
  after: ApplicationData,
): Omit<ApplicationEvent, 'occurred_at'> | null {
  const fields = changedLeaves(before, after);
  if (fields.length === 0) return null;
  return {
    type: 'changed',
    target: fields.every((f) => f.startsWith('applicants.')) ? 'applicant' : 'application',
    changes: fields.map((field) => ({
      field,
      from: shown(leaf(before, field), field),
      to: shown(leaf(after, field), field),
    })),
  };
}
