/**
 * Named faults of the older ICHRA interface, each breaking one LEGACY- rule through a
 * behaviour the handlers ask for with `on(LEGACY_FAULTS.x)`, probed on the route-module kit.
 */
import { faultsOf } from '../core/fault-kit.js';
import { routeProbe } from '../core/probe.js';
import type { Fault } from '../core/switch.js';
import type { Kit } from '../core/test-kit.js';
import { APPLICATION, APTC_SAMPLE } from './samples.js';

const { flag } = faultsOf('legacy-ichra');

/** Event types the kit's inbox got for one submitted application, after processing settled. */
async function webhookTypes(k: Kit): Promise<string[]> {
  const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
  await k.call('POST', `/api/v1/applications/${id}/submit`);
  await new Promise((r) => setTimeout(r, 80));
  return k.webhooks.filter((e) => e.data.application_id === id).map((e) => e.type).sort();
}

export const LEGACY_FAULTS = {
  quotesEmpty204: flag('legacy-quotes-empty-204', 'LEGACY-QUOTES', 'Quotes answer 204 with no JSON body.',
    routeProbe(async (k) => (await k.call('POST', '/api/v1/quotes', { body: APTC_SAMPLE })).status)),
  aptcIncomeAsString: flag('legacy-aptc-income-as-string', 'LEGACY-APTC', 'APTC estimates refuse the sample request: household_income as a number gives 400.',
    routeProbe(async (k) => (await k.call('POST', '/api/v1/aptc_estimates', { body: APTC_SAMPLE })).status)),
  aptcAliasMissing: flag('legacy-aptc-alias-missing', 'LEGACY-APTC-ALIAS', 'POST /aptc_estimates answers 404 while /api/v1/aptc_estimates works.',
    routeProbe(async (k) => (await k.call('POST', '/aptc_estimates', { body: APTC_SAMPLE })).status)),
  planKnown404: flag('legacy-plan-known-404', 'LEGACY-PLAN', 'Plan lookup answers 404 for every plan, known ones included.',
    routeProbe(async (k) => (await k.call('GET', '/api/v1/plans/12345CA0010001')).status)),
  planUnknown200: flag('legacy-plan-unknown-200', 'LEGACY-PLAN-404', 'Plan lookup answers 200 (plan null) for an unknown plan.',
    routeProbe(async (k) => (await k.call('GET', '/api/v1/plans/99999ZZ9999999')).status)),
  deeplinkNoUrl: flag('legacy-deeplink-no-url', 'LEGACY-DEEPLINK', 'The deeplink response has no url.',
    routeProbe(async (k) => typeof (await k.call('POST', '/public/ichra/off_ex', { body: {} })).body.url)),
  applicationNoId: flag('legacy-application-no-id', 'LEGACY-APPLICATION-CREATE', 'A created application has no id.',
    routeProbe(async (k) => typeof (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id)),
  applicationRead404: flag('legacy-application-read-404', 'LEGACY-APPLICATION-READ', 'Reading a created application answers 404.',
    routeProbe(async (k) => {
      const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
      return (await k.call('GET', `/api/v1/applications/${id}`)).status;
    })),
  submitRefused: flag('legacy-submit-refused', 'LEGACY-APPLICATION-SUBMIT', 'Submit answers 422 (while still processing the submission).',
    routeProbe(async (k) => {
      const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
      return (await k.call('POST', `/api/v1/applications/${id}/submit`)).status;
    })),
  webhookSubmissionMissing: flag('legacy-webhook-submission-missing', 'LEGACY-WEBHOOK-SUBMISSION', 'No submission-confirmation webhook is delivered.',
    routeProbe(webhookTypes)),
  webhookPolicyStatusMissing: flag('legacy-webhook-policy-status-missing', 'LEGACY-WEBHOOK-POLICY-STATUS', 'No policy-status webhook is delivered.',
    routeProbe(webhookTypes)),
} satisfies Record<string, Fault>;
