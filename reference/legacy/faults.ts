/** Named faults of the older ICHRA interface; each breaks one LEGACY- rule, through a behaviour flag. */
import type { Fault } from '../types.js';

function flag(name: string, rule: string, summary: string): Fault {
  return { name, rules: [rule], family: 'legacy-ichra', summary, apply: (s) => s.enable(name) };
}

export const faults: Fault[] = [
  flag('legacy-quotes-empty-204', 'LEGACY-QUOTES', 'Quotes answer 204 with no JSON body.'),
  flag('legacy-aptc-income-as-string', 'LEGACY-APTC', 'APTC estimates refuse the sample request: household_income as a number gives 400.'),
  flag('legacy-aptc-alias-missing', 'LEGACY-APTC-ALIAS', 'POST /aptc_estimates answers 404 while /api/v1/aptc_estimates works.'),
  flag('legacy-plan-known-404', 'LEGACY-PLAN', 'Plan lookup answers 404 for every plan, known ones included.'),
  flag('legacy-plan-unknown-200', 'LEGACY-PLAN-404', 'Plan lookup answers 200 (plan null) for an unknown plan.'),
  flag('legacy-deeplink-no-url', 'LEGACY-DEEPLINK', 'The deeplink response has no url.'),
  flag('legacy-application-no-id', 'LEGACY-APPLICATION-CREATE', 'A created application has no id.'),
  flag('legacy-application-read-404', 'LEGACY-APPLICATION-READ', 'Reading a created application answers 404.'),
  flag('legacy-submit-refused', 'LEGACY-APPLICATION-SUBMIT', 'Submit answers 422 (while still processing the submission).'),
  flag('legacy-webhook-submission-missing', 'LEGACY-WEBHOOK-SUBMISSION', 'No submission-confirmation webhook is delivered.'),
  flag('legacy-webhook-policy-status-missing', 'LEGACY-WEBHOOK-POLICY-STATUS', 'No policy-status webhook is delivered.'),
];
