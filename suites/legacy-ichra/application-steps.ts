/**
 * Steps the application checks share (read, submit, webhooks): create an application, submit
 * it. In the check that proves a step's rule (LEGACY-APPLICATION-CREATE, -SUBMIT) the step is
 * judged by it; in any other check a failed step is a setup step that blocks the check and
 * breaks that rule, so the finding points at the step that broke, not at the rule the check
 * was after.
 */
import { stepFailed, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import { applicationIdOf, createApplication, expectSuccess, submitApplication } from './legacy-requests.js';

export const CREATE = 'LEGACY-APPLICATION-CREATE';
export const SUBMIT = 'LEGACY-APPLICATION-SUBMIT';

const proves = (t: CheckContext, rule: string) => t.rules.some((r) => r.id === rule);
const succeeded = (ex: Exchange) => ex.response !== undefined && ex.response.status >= 200 && ex.response.status < 300;

export async function createdApplication(t: CheckContext): Promise<{ id: string; ex: Exchange }> {
  const ex = await t.send(createApplication(t));
  const id = applicationIdOf(t.json(ex));
  if (!proves(t, CREATE)) {
    if (!succeeded(ex) || id === undefined)
      stepFailed('create a legacy application', ex, 'a 2xx with the application id', {
        breaks: [CREATE],
        hint: 'check fixture legacyPlanHiosId in the target profile',
      });
    return { id, ex };
  }
  expectSuccess(t, ex, 'creating an application', CREATE, 'legacyCreateApplication');
  t.expect.rules(CREATE).that(ex, {
    holds: id !== undefined,
    title: 'created application has no id',
    expected: 'an `id` (top level, or in `application` or `data`)',
    observed: () => `body ${JSON.stringify(t.json(ex))?.slice(0, 300)}`,
  });
  return { id: id as string, ex };
}

/** Submits application `id`; anything but a 2xx violates LEGACY-APPLICATION-SUBMIT. */
export async function submitted(t: CheckContext, id: string): Promise<Exchange> {
  const ex = await t.send(submitApplication(id));
  if (proves(t, SUBMIT)) expectSuccess(t, ex, 'submitting a created application', SUBMIT, 'legacySubmitApplication');
  else if (!succeeded(ex)) stepFailed('submit a legacy application', ex, 'a 2xx', { breaks: [SUBMIT] });
  return ex;
}
