/**
 * Named faults of direct enrollment. Each breaks exactly one rule of specs/rules.json. Most
 * switch a behaviour the handlers check with `faulty(name)`; the two envelope faults rewrite
 * failure bodies on the way out.
 */
import { is, rewriteFault } from '../core/fault-kit.js';
import { CORE_FLAGS } from '../core/fault-names.js';
import type { Fault, FaultSurface, RouteResult } from '../types.js';

function flag(name: string, rule: string, summary: string): Fault {
  return { name, rules: [rule], family: 'enrollments', summary, apply: (s: FaultSurface) => s.enable(name) };
}

function rewrite(name: string, rule: string, summary: string, fn: (res: RouteResult) => RouteResult): Fault {
  return {
    name,
    rules: [rule],
    family: 'enrollments',
    summary,
    apply: (s: FaultSurface) => s.onResponse((req, res) => (req.path.startsWith('/v1/enrollments') ? fn(res) : res)),
  };
}

/** Service failures of this family carry `errors[]`; these read it. */
function errorsOf(res: RouteResult): Array<{ code: string; message: string }> | undefined {
  const body = res.body as { errors?: unknown } | undefined;
  return res.status >= 400 && Array.isArray(body?.errors) ? (body!.errors as Array<{ code: string; message: string }>) : undefined;
}

/** A 200 to `GET path` sent with another 2xx status (the body is kept). */
function successAs(name: string, rule: string, path: RegExp, status: number, summary: string): Fault {
  return rewriteFault(name, rule, 'enrollments', summary, (req, res) => (is(req, 'GET', path) && res.status === 200 ? { ...res, status } : res));
}

export const faults: Fault[] = [
  // List (4.9)
  successAs('enr-list-answer-206', 'ENR-LIST-200', /^\/v1\/enrollments$/, 206, 'List answers 206 Partial Content instead of 200.'),
  flag('enr-list-product-optional', 'ENR-LIST-PRODUCT-REQUIRED', 'List accepts a request without product=ichra.'),
  flag('enr-list-exchange-optional', 'ENR-LIST-EXCHANGE-REQUIRED', 'List accepts a request without exchange=off_exchange.'),
  flag('enr-list-ignores-unsupported-param', 'ENR-LIST-UNSUPPORTED-PARAM-400', 'List ignores unsupported query parameters instead of 400 invalid_request.'),
  flag('enr-list-default-limit-50', 'ENR-LIST-LIMIT-DEFAULT', 'List returns up to 50 rows when limit is absent.'),
  flag('enr-list-limit-unbounded', 'ENR-LIST-LIMIT-RANGE', 'List accepts limit 0 and limits above 100.'),
  flag('enr-list-offset-default-1', 'ENR-LIST-OFFSET-DEFAULT', 'List starts at offset 1 when offset is absent.'),
  flag('enr-list-negative-offset-accepted', 'ENR-LIST-OFFSET-RANGE', 'List treats a negative offset as 0 instead of 400.'),
  flag('enr-list-pages-overlap', 'ENR-LIST-PAGES-CONSISTENT', 'Every explicit offset above 0 starts one row early, so pages overlap.'),
  flag('enr-list-policy-status-ignored', 'ENR-LIST-FILTER-POLICY-STATUS', 'The policy_status filter is ignored.'),
  flag('enr-list-policy-status-any', 'ENR-LIST-FILTER-POLICY-STATUS-ENUM', 'A policy_status outside the six states is accepted (empty list).'),
  flag('enr-list-external-id-ignored', 'ENR-LIST-FILTER-EXTERNAL-ID', 'The external_id filter is ignored.'),
  flag('enr-list-plan-hios-id-ignored', 'ENR-LIST-FILTER-PLAN-HIOS-ID', 'The plan_hios_id filter is ignored.'),
  flag('enr-list-issuer-hios-id-ignored', 'ENR-LIST-FILTER-ISSUER-HIOS-ID', 'The issuer_hios_id filter is ignored.'),
  flag('enr-list-plan-year-ignored', 'ENR-LIST-FILTER-PLAN-YEAR', 'The plan_year filter is ignored.'),
  flag('enr-list-updated-since-inclusive', 'ENR-LIST-FILTER-UPDATED-SINCE', 'updated_since also returns applications updated exactly at that instant.'),
  flag('enr-list-employer-unsupported', 'ENR-LIST-FILTER-EMPLOYER', 'employer_external_id is rejected as an unsupported parameter.'),
  // Create (4.10, 2.8)
  flag('enr-create-status-202', 'ENR-CREATE-SUCCESS', 'Create answers 202 instead of 200 or 201.'),
  flag('enr-create-no-document-status', 'ENR-CREATE-BODY', 'The application has no document_status.'),
  flag('enr-create-no-carrier-capabilities', 'ENR-CREATE-CARRIER-CAPABILITIES', 'The application does not state the carrier capabilities.'),
  flag('enr-next-actions-legacy-href', 'ENR-CREATE-NEXT-ACTIONS-HREF', 'next_actions[].href points to /api/v1/applications instead of /v1/enrollments.'),
  flag('enr-create-initial-pending', 'ENR-CREATE-INITIAL-DRAFT', 'The create response shows a new application as pending_effectuation.'),
  flag('enr-create-validation-errors-hidden', 'ENR-CREATE-VALIDATION-ERRORS', 'errors[] is always empty, even when applicant data is missing.'),
  flag('enr-create-accepts-agent-id', 'ENR-CREATE-REJECT-AGENT-ID', '_agent_id is accepted.'),
  flag('enr-create-accepts-tpa-slug', 'ENR-CREATE-REJECT-TPA-SLUG', 'tpa_slug is accepted.'),
  flag('enr-create-accepts-actor-agent-id', 'ENR-CREATE-REJECT-ACTOR-AGENT-ID', 'actor.agent_id is accepted.'),
  flag('enr-create-accepts-agent-of-record', 'ENR-CREATE-REJECT-AGENT-OF-RECORD', 'agent_of_record is accepted.'),
  // Read (4.12). 203 is a 2XX the document allows, so only the stated 200 is broken.
  successAs('enr-read-answer-203', 'ENR-READ-200', /^\/v1\/enrollments\/[^/]+$/, 203, 'The read answers 203 Non-Authoritative Information instead of 200.'),
  flag('enr-read-unknown-400', 'ENR-READ-404', 'An unknown enrollment id gives 400 instead of 404.'),
  flag('enr-read-ignores-unsupported-param', 'ENR-READ-UNSUPPORTED-PARAM', 'The read ignores query parameters other than product and exchange.'),
  // Update (4.11)
  flag('enr-update-any-carrier', 'ENR-UPDATE-UNSUPPORTED-CARRIER', 'PUT on a submitted application is accepted for a carrier without post-enrollment changes.'),
  flag('enr-update-change-not-shown', 'ENR-UPDATE-TRACKED', 'PUT changes are sent by the next submission but never shown on the application (data or events).'),
  // Submission (section 3, 4.13)
  flag('enr-submit-returns-200', 'ENR-SUBMIT-202', 'A successful submission answers 200 instead of 202.'),
  flag('enr-submit-requires-plan-year', 'ENR-SUBMIT-PLAN-YEAR-OPTIONAL', 'Submission refuses a context without plan_year.'),
  flag('enr-submit-ignores-errors', 'ENR-SUBMIT-OUTSTANDING-ERRORS-422', 'An application with outstanding errors is accepted for submission.'),
  flag('enr-submit-never-settles', 'ENR-SUBMIT-ASYNC-OUTCOME', 'A submission stays processing; policy_status never shows the outcome.'),
  flag('enr-submit-failure-hidden', 'ENR-SUBMIT-FAILED-OUTCOME', 'The refusing carrier\'s submissions end pending_effectuation instead of submission_failed.'),
  flag('enr-resubmit-without-changes', 'ENR-SUBMIT-NO-CHANGES-422', 'A resubmission with no changes is accepted (202).'),
  flag('enr-resubmit-after-changes-refused', 'ENR-SUBMIT-RESUBMIT-AFTER-CHANGES', 'A resubmission after PUT changes is refused with 422.'),
  flag('enr-submit-unknown-422', 'ENR-SUBMIT-404', 'Submitting an unknown enrollment id gives 422 instead of 404.'),
  flag('enr-submit-response-status-outside-enum', 'ENR-POLICY-STATUS-ENUM', 'The 202 submission body shows policy_status "submitted".'),
  flag('enr-never-effectuated', 'ENR-EFFECTUATION', 'Accepted policies stay pending_effectuation forever.'),
  // Cancellation and termination (section 3)
  flag('enr-cancel-returns-200', 'ENR-CANCEL-202', 'A successful cancellation answers 200 instead of 202.'),
  flag('enr-cancel-no-effect', 'ENR-CANCEL-OUTCOME', 'An accepted cancellation never shows cancelled.'),
  flag('enr-cancel-any-state', 'ENR-CANCEL-NOT-PENDING-400', 'Cancellation is accepted in any state.'),
  flag('enr-cancel-any-carrier', 'ENR-CANCEL-UNSUPPORTED-CARRIER-400', 'Cancellation is accepted for a carrier that does not support it.'),
  flag('enr-terminate-returns-200', 'ENR-TERMINATE-202', 'A successful termination answers 200 instead of 202.'),
  flag('enr-terminate-no-effect', 'ENR-TERMINATE-OUTCOME', 'An accepted termination never shows terminated.'),
  flag('enr-terminate-any-state', 'ENR-TERMINATE-NOT-ACTIVE-400', 'Termination is accepted for a policy that is not active.'),
  flag('enr-terminate-any-carrier', 'ENR-TERMINATE-UNSUPPORTED-CARRIER-400', 'Termination is accepted for a carrier that does not support it.'),
  // Payment redirect (4.14)
  flag('enr-payment-no-method', 'ENR-PAYMENT-200', 'Payment redirect data has no method.'),
  flag('enr-payment-keys-normalised', 'ENR-PAYMENT-FIELDS-VERBATIM', 'Payment field names are lower-cased and their odd characters replaced.'),
  flag('enr-payment-unsupported-200', 'ENR-PAYMENT-UNSUPPORTED-422', 'Payment redirect answers 200 for a carrier without payment redirect.'),
  flag('enr-payment-params-optional', 'ENR-PAYMENT-PARAMS-REQUIRED', 'Payment redirect answers without product and exchange.'),
  // Supporting documentation (4.15)
  flag('enr-docs-json-refused', 'ENR-DOCS-JSON', 'The JSON upload form is refused with 415.'),
  flag('enr-docs-multipart-refused', 'ENR-DOCS-MULTIPART', 'The multipart upload form is refused with 415.'),
  flag('enr-docs-status-unchanged', 'ENR-DOCS-STATUS-UPDATED', 'An upload leaves document_status unchanged.'),
  flag('enr-docs-trusts-declared-type', 'ENR-DOCS-FORMAT-REJECTED', 'Bytes that are not PDF, JPEG or PNG are accepted.'),
  flag('enr-docs-any-document-type', 'ENR-DOCS-TYPE-SEP-ONLY', 'A document_type other than sep is accepted.'),
  // Checked by the core, before the handler: only uploads read any media type as JSON.
  flag(CORE_FLAGS.docsContentTypeIgnored, 'ENR-DOCS-CONTENT-TYPE-415', 'An upload sent as text/plain (or any other type) is read as JSON and accepted.'),
  // Error envelope (section 7)
  // Only 422s, so the 400 rules that name the errors[] shape (agent fields, Idempotency-Key) keep holding.
  rewrite('enr-errors-unified-envelope', 'ENR-ERRORS-ENVELOPE', 'Direct-enrollment 422 failures use the unified {error} envelope.', (res) => {
    const errors = errorsOf(res);
    return res.status === 422 && errors && errors.length > 0 ? { ...res, body: { error: { code: errors[0].code, message: errors[0].message } } } : res;
  }),
  rewrite('enr-errors-empty-list', 'ENVELOPE-ERRORS-SHAPE', 'Direct-enrollment 404s carry an empty errors[] list.', (res) =>
    res.status === 404 && errorsOf(res) ? { ...res, body: { errors: [] } } : res,
  ),
];
