/**
 * Operations that change no policy status: read, list by policy_status, PUT, payment redirect
 * and supporting documentation. Each holds its answer to the model's prediction for the state.
 */
import { statusOf } from '../../applications.js';
import { jsonUpload, PDF } from '../../documents-files.js';
import { paymentRequest, primaryApplicant, updateBody, updateRequest } from '../../requests.js';
import { paymentPrediction, updatePrediction, uploadPrediction, type ModelApp } from '../model.js';
import { beginStep, expectListed, expectPredicted, observe, type Real } from '../system.js';
import { AppCommand, type Picked } from './app-command.js';

export class ReadCommand extends AppCommand {
  protected verb(): string {
    return 'read';
  }
  protected async act({ app, index }: Picked, real: Real, what: string): Promise<void> {
    await observe(real, index, app, beginStep(real, `${what} (${app.status})`));
  }
}

/** The list filtered on the status the model holds (and the application's external_id) shows it. */
export class ListCommand extends AppCommand {
  protected verb(): string {
    return 'list by policy_status';
  }
  protected async act({ app, index }: Picked, real: Real, what: string): Promise<void> {
    await expectListed(real, index, app, beginStep(real, `${what} (policy_status=${app.status})`));
  }
}

/** PUT a changed phone number: tracked until a submission sends it; it changes no policy status. */
export class UpdateCommand extends AppCommand {
  protected verb(): string {
    return 'change the phone number of';
  }
  protected async act({ app, index }: Picked, real: Real, what: string): Promise<void> {
    const { t } = real;
    const prediction = updatePrediction(app);
    const label = beginStep(real, `${what} (${app.status})`);
    // A new number each step, so every PUT is a change.
    const phone = `55500${String(real.step).padStart(5, '0')}`;
    const ex = await t.send(
      updateRequest(real.apps[index].id, updateBody(real.apps[index].request, primaryApplicant(phone)), { label }),
    );
    expectPredicted(t, ex, prediction);
    const status = ex.response?.status ?? 0;
    if (status < 200 || status > 299) return;
    accepted(app, prediction.rule !== undefined);
    const shown = statusOf(ex);
    t.expect.rules('ENR-UPDATE-KEEPS-POLICY-STATUS').that(ex, {
      holds: shown === undefined || shown === app.status,
      title: 'PUT changed the policy status',
      expected: `policy_status ${app.status} (changes are sent by a new submission)`,
      observed: `policy_status ${JSON.stringify(shown)}`,
    });
    app.statusRule = 'ENR-UPDATE-KEEPS-POLICY-STATUS';
  }
}

/** An accepted PUT fixes the applicant (the body is complete) and is a change since the last submission. */
function accepted(app: ModelApp, stated: boolean): void {
  app.hasErrors = false;
  if (!app.submitted) return;
  app.changed = true;
  // A change the contract does not describe for this state (an ended policy): no longer predicted.
  if (!stated) app.known = false;
}

export class PaymentCommand extends AppCommand {
  protected verb(): string {
    return 'get payment redirect data of';
  }
  protected async act({ app, index }: Picked, real: Real, what: string): Promise<void> {
    const ex = await real.t.send(
      paymentRequest(real.apps[index].id, { label: beginStep(real, `${what} (${app.status})`) }),
    );
    expectPredicted(real.t, ex, paymentPrediction(app));
  }
}

/** A PDF for an application with a special enrollment period. */
export class UploadCommand extends AppCommand {
  protected accepts(app: ModelApp): boolean {
    return app.sep;
  }
  protected verb(): string {
    return 'upload a PDF for';
  }
  protected async act({ app, index }: Picked, real: Real, what: string): Promise<void> {
    const ex = await real.t.send({
      ...jsonUpload(real.apps[index].id, PDF),
      label: beginStep(real, `${what} (${app.status})`),
    });
    expectPredicted(real.t, ex, uploadPrediction(app));
  }
}
