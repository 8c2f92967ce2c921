/**
 * Steps the application checks share (read, submit, webhooks): create an application, submit
 * it. A failed step violates its own rule (LEGACY-APPLICATION-CREATE, -SUBMIT), which each
 * check using it therefore names: the finding then points at the step that broke, not at the
 * rule the check was after.
 */
import type { CheckContext, Exchange } from '../../harness/suite/index.js';
import { applicationIdOf, createApplication, expectSuccess, submitApplication } from './legacy-requests.js';

export const CREATE = 'LEGACY-APPLICATION-CREATE';
export const SUBMIT = 'LEGACY-APPLICATION-SUBMIT';

export async function createdApplication(t: CheckContext): Promise<{ id: string; ex: Exchange }> {
  const ex = await t.send(createApplication(t));
  expectSuccess(t, ex, 'creating an application', CREATE);
  const body = t.json(ex);
  const id = applicationIdOf(body);
  t.expect.rules(CREATE).that(ex, {
    holds: id !== undefined,
    title: 'created application has no id',
    expected: 'an `id` (top level, or in `application` or `data`)',
    observed: () => `body ${JSON.stringify(body)?.slice(0, 300)}`,
  });
  return { id: id as string, ex };
}

/** Submits application `id`; anything but a 2xx violates LEGACY-APPLICATION-SUBMIT. */
export async function submitted(t: CheckContext, id: string): Promise<Exchange> {
  const ex = await t.send(submitApplication(id));
  expectSuccess(t, ex, 'submitting a created application', SUBMIT);
  return ex;
}
