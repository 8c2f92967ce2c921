/**
 * Named faults of the older ICHRA interface, each breaking one LEGACY- rule through a
 * behaviour the handlers ask for with `on(LEGACY_FAULTS.x)`, probed on the route-module kit.
 */
import { bodyOf, faultsOf, is, variantsOf } from '../core/declare-fault.js';
import { body, routeProbe, serverProbe, UNCHECKED } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import type { Call } from '../probe/client.js';
import type { Kit } from '../probe/routes.js';
import { APPLICATION, APTC_SAMPLE } from './samples.js';

const { flag, rewrite } = faultsOf('legacy-ichra');
const { variant } = variantsOf('legacy-ichra');

/** A created application's answer, through a whole server. */
const createApp = (call: Call) => call('POST', '/api/v1/applications', { ...UNCHECKED, json: APPLICATION });
const appId = (b: Record<string, any>): string => String(b.application?.id ?? b.id);

/** The application's status `ms` after its submission. */
async function statusAfterSubmit(call: Call, ms: number): Promise<unknown> {
  const id = appId((await createApp(call)).body);
  await call('POST', `/api/v1/applications/${id}/submit`, UNCHECKED);
  await new Promise((r) => setTimeout(r, ms));
  const read = await body(call, 'GET', `/api/v1/applications/${id}`);
  return read.application?.status ?? read.status;
}

/** Event types the kit's inbox got for one submitted application, after processing settled. */
async function webhookTypes(k: Kit): Promise<string[]> {
  const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
  await k.call('POST', `/api/v1/applications/${id}/submit`);
  await new Promise((r) => setTimeout(r, 80));
  return k.webhooks
    .filter((e) => e.data.application_id === id)
    .map((e) => e.type)
    .sort();
}

export const LEGACY_FAULTS = {
  quotesEmpty204: flag(
    'legacy-quotes-empty-204',
    'LEGACY-QUOTES',
    'Quotes answer 204 with no JSON body.',
    routeProbe(async (k) => (await k.call('POST', '/api/v1/quotes', { body: APTC_SAMPLE })).status),
  ),
  aptcIncomeAsString: flag(
    'legacy-aptc-income-as-string',
    'LEGACY-APTC',
    'APTC estimates refuse the sample request: household_income as a number gives 400.',
    routeProbe(async (k) => (await k.call('POST', '/api/v1/aptc_estimates', { body: APTC_SAMPLE })).status),
  ),
  aptcIncomeFractionRefused: flag(
    'legacy-aptc-income-fraction-refused',
    'SCHEMA-BOUND-INSIDE',
    'APTC estimates refuse a household_income with cents (a number, as the 4.16 sample types it) with 400.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/api/v1/aptc_estimates', { body: { ...APTC_SAMPLE, household_income: 42000.5 } }))
          .status,
    ),
  ),
  aptcAliasMissing: flag(
    'legacy-aptc-alias-missing',
    'LEGACY-APTC-ALIAS',
    'POST /aptc_estimates answers 404 while /api/v1/aptc_estimates works.',
    routeProbe(async (k) => (await k.call('POST', '/aptc_estimates', { body: APTC_SAMPLE })).status),
  ),
  aptcAliasWholeDollars: rewrite(
    'legacy-aptc-alias-whole-dollars',
    'LEGACY-APTC-ALIAS',
    'POST /aptc_estimates gives the monthly APTC in whole dollars, where /api/v1/aptc_estimates gives cents: ' +
      'the other path is another implementation.',
    routeProbe(async (k) => (await k.call('POST', '/aptc_estimates', { body: APTC_SAMPLE })).body),
    (req, res) => {
      const estimate = bodyOf(res)?.aptc_estimate as Record<string, unknown> | undefined;
      if (!is(req, 'POST', '/aptc_estimates') || typeof estimate?.monthly_aptc !== 'number') return res;
      return { ...res, body: { aptc_estimate: { ...estimate, monthly_aptc: Math.round(estimate.monthly_aptc) } } };
    },
  ),
  planKnown404: flag(
    'legacy-plan-known-404',
    'LEGACY-PLAN',
    'Plan lookup answers 404 for every plan, known ones included.',
    routeProbe(async (k) => (await k.call('GET', '/api/v1/plans/12345CA0010001')).status),
  ),
  planUnknown200: flag(
    'legacy-plan-unknown-200',
    'LEGACY-PLAN-404',
    'Plan lookup answers 200 (plan null) for an unknown plan.',
    routeProbe(async (k) => (await k.call('GET', '/api/v1/plans/99999ZZ9999999')).status),
  ),
  deeplinkNoUrl: flag(
    'legacy-deeplink-no-url',
    'LEGACY-DEEPLINK',
    'The deeplink response has no url.',
    routeProbe(async (k) => typeof (await k.call('POST', '/public/ichra/off_ex', { body: {} })).body.url),
  ),
  applicationNoId: flag(
    'legacy-application-no-id',
    'LEGACY-APPLICATION-CREATE',
    'A created application has no id.',
    routeProbe(
      async (k) => typeof (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id,
    ),
  ),
  applicationRead404: flag(
    'legacy-application-read-404',
    'LEGACY-APPLICATION-READ',
    'Reading a created application answers 404.',
    routeProbe(async (k) => {
      const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
      return (await k.call('GET', `/api/v1/applications/${id}`)).status;
    }),
  ),
  submitRefused: flag(
    'legacy-submit-refused',
    'LEGACY-APPLICATION-SUBMIT',
    'Submit answers 422 (while still processing the submission).',
    routeProbe(async (k) => {
      const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
      return (await k.call('POST', `/api/v1/applications/${id}/submit`)).status;
    }),
  ),
  webhookSubmissionMissing: flag(
    'legacy-webhook-submission-missing',
    'LEGACY-WEBHOOK-SUBMISSION',
    'No submission-confirmation webhook is delivered.',
    routeProbe(webhookTypes),
  ),
  webhookPolicyStatusMissing: flag(
    'legacy-webhook-policy-status-missing',
    'LEGACY-WEBHOOK-POLICY-STATUS',
    'No policy-status webhook is delivered.',
    routeProbe(webhookTypes),
  ),
  // Only a hostile value in the submit's path reaches it (the checks every operation owes, suites/owed/).
  submitOddId500: rewrite(
    'legacy-submit-odd-id-500',
    'EDGE-NO-5XX',
    'An application id holding a character outside A-Z a-z 0-9 - _ crashes the submit (500) instead of a 404.',
    routeProbe(async (k) => (await k.call('POST', "/api/v1/applications/O'Brien/submit", { body: {} })).status),
    (req, res) =>
      /^\/api\/v1\/applications\/[^/]*[^A-Za-z0-9_/-][^/]*\/submit$/.test(req.path)
        ? { ...res, status: 500, body: { error: { code: 'internal_error', message: 'Application lookup failed.' } } }
        : res,
  ),
  // Variants: valid choices where the contract is open (4.16: bodies and statuses not shown).
  applicationFlat: variant(
    'legacy-application-flat',
    '4.16',
    'Applications are answered flat ({id, status, ...}), not wrapped in {application: {...}}.',
    serverProbe(async ({ call }) => Object.keys((await createApp(call)).body).sort()),
  ),
  status200: variant(
    'legacy-status-200',
    '4.16',
    'Creating and submitting an application answer 200 (not 201 and 202).',
    serverProbe(async ({ call }) => {
      const created = await createApp(call);
      return [
        created.status,
        (await call('POST', `/api/v1/applications/${appId(created.body)}/submit`, UNCHECKED)).status,
      ];
    }),
  ),
  processingSlow: variant(
    'legacy-processing-slow',
    '6',
    'A submission is processed slowly: the confirmation webhook after half a second, the policy status and its ' +
      'webhook after a second and a half.',
    serverProbe(({ call }) => statusAfterSubmit(call, 200)),
  ),
} satisfies Record<string, Switch>;
