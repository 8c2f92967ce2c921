/** Create (4.10): a new application of the property's carrier is a draft (3). */
import type fc from 'fast-check';
import { applicationIdOf, type Json } from '../../application-reader.js';
import { stepStatus } from '../../../../harness/suite/index.js';
import { CREATE_SUCCESS, sendCreate, SHARED_STEPS, statusOf } from '../../applications.js';
import { createBody, createRequest, type PlanFixture, type Start } from '../../requests.js';
import { createdApp, type Model } from '../model.js';
import { beginStep, expectPredicted, type Real } from '../system.js';

/** Applications one run makes at most: enough for every state to meet another, cheap in requests. */
export const MAX_APPS = 2;

export class CreateCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly plan: PlanFixture,
    readonly start: Start,
    readonly sep: boolean,
    readonly incomplete: boolean,
  ) {}
  check(m: Readonly<Model>): boolean {
    return m.apps.length < MAX_APPS;
  }
  async run(m: Model, real: Real): Promise<void> {
    const { t } = real;
    const request = createBody(t, t.fixture<string>(this.plan), {
      start: this.start,
      withSep: this.sep,
      incomplete: this.incomplete,
    });
    const ex = await sendCreate(t, { ...createRequest(request), label: beginStep(real, `${this}`) });
    // An incomplete applicant may be refused at create (the checks of create hold that); then there is nothing to
    // follow.
    if (this.incomplete) expectPredicted(t, ex, { statuses: [200, 201, 400, 422] });
    // A complete one refused is the step every sequence starts with, not a transition of the model.
    else {
      const { step, hint } = SHARED_STEPS.create(this.plan);
      stepStatus(step, ex, [200, 201], { breaks: [CREATE_SUCCESS], hint });
    }
    const status = ex.response!.status;
    if (status >= 400) return;
    const id = applicationIdOf(ex.response?.json);
    t.expect.rules('ENR-CREATE-SUCCESS').that(ex, {
      holds: id !== undefined,
      title: 'no application id',
      expected: 'the application with its id (application_id)',
      observed: () => ex.response!.body.slice(0, 300),
    });
    const shown = statusOf(ex);
    t.expect.rules('ENR-CREATE-INITIAL-DRAFT').that(ex, {
      holds: shown === undefined || shown === 'draft',
      title: 'new application not a draft',
      expected: 'policy_status draft',
      observed: `policy_status ${JSON.stringify(shown)}`,
    });
    real.apps.push({ id: id!, externalId: String(request.external_id), request: request as Json });
    m.apps.push(createdApp(this.plan, this.start, this.sep, this.incomplete));
  }
  toString(): string {
    const parts = [
      `${this.start} start`,
      ...(this.sep ? ['with a special enrollment period'] : []),
      ...(this.incomplete ? ['without signature, email and phone'] : []),
    ];
    return `create a ${this.plan} application (${parts.join(', ')})`;
  }
}
