/**
 * Faults of direct enrollment: creating (4.10, 2.8), reading (4.12) and updating (4.11) an
 * application.
 */
import { faultsOf, successAs } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe } from '../../core/probe.js';
import { incompleteCreateBody, validCreateBody } from '../fixtures.js';
import { primaryOf } from '../fault-rewrites.js';
import { create, FRESNO, FUTURE, planFull, planLimited, put, read, ROUTING, submitted } from '../probe-steps.js';

const { flag, rewrite } = faultsOf('enrollments');

export const CREATE_READ_UPDATE_FAULTS = {
  // Create (4.10, 2.8)
  createStatus202: flag(
    'enr-create-status-202',
    'ENR-CREATE-SUCCESS',
    'Create answers 202 instead of 200 or 201.',
    routeProbe(async (k) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull) })).status),
  ),
  createNoDocumentStatus: flag(
    'enr-create-no-document-status',
    'ENR-CREATE-BODY',
    'The application has no document_status.',
    routeProbe(async (k) => 'document_status' in (await create(k, planFull))),
  ),
  createNoCarrierCapabilities: flag(
    'enr-create-no-carrier-capabilities',
    'ENR-CREATE-CARRIER-CAPABILITIES',
    'The application does not state the carrier capabilities.',
    routeProbe(async (k) => (await create(k, planFull)).carrier?.supports_cancellation),
  ),
  nextActionsLegacyHref: flag(
    'enr-next-actions-legacy-href',
    'ENR-CREATE-NEXT-ACTIONS-HREF',
    'next_actions[].href points to /api/v1/applications instead of /v1/enrollments.',
    routeProbe(async (k) => (await create(k, planFull)).next_actions[0].href.split('/')[1]),
  ),
  createInitialPending: flag(
    'enr-create-initial-pending',
    'ENR-CREATE-INITIAL-DRAFT',
    'The create response shows a new application as pending_effectuation.',
    routeProbe(async (k) => (await create(k, planFull)).policy_status),
  ),
  createValidationErrorsHidden: flag(
    'enr-create-validation-errors-hidden',
    'ENR-CREATE-VALIDATION-ERRORS',
    'errors[] is always empty, even when applicant data is missing.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(planFull) })).body.errors.length,
    ),
  ),
  createAcceptsAgentId: flag(
    'enr-create-accepts-agent-id',
    'ENR-CREATE-REJECT-AGENT-ID',
    '_agent_id is accepted.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull, { _agent_id: 'x' }) })).status,
    ),
  ),
  createAcceptsTpaSlug: flag(
    'enr-create-accepts-tpa-slug',
    'ENR-CREATE-REJECT-TPA-SLUG',
    'tpa_slug is accepted.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull, { tpa_slug: 'x' }) })).status,
    ),
  ),
  createAcceptsActorAgentId: flag(
    'enr-create-accepts-actor-agent-id',
    'ENR-CREATE-REJECT-ACTOR-AGENT-ID',
    'actor.agent_id is accepted.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull, { actor: { agent_id: 'x' } }) }))
          .status,
    ),
  ),
  createLeapDayRefused: flag(
    'enr-create-leap-day-refused',
    'SCHEMA-BOUND-INSIDE',
    'A date member on 29 February (a date of birth in a leap year) is refused with 400: February is read as 28 days.',
    routeProbe(
      async (k) =>
        (
          await k.call('POST', '/v1/enrollments', {
            body: validCreateBody(planFull, {
              applicants: {
                primary: { ...primaryOf(validCreateBody(planFull)), date_of_birth: '1984-02-29' },
              },
            }),
          })
        ).status,
    ),
  ),
  createAcceptsAgentOfRecord: flag(
    'enr-create-accepts-agent-of-record',
    'ENR-CREATE-REJECT-AGENT-OF-RECORD',
    'agent_of_record is accepted.',
    routeProbe(
      async (k) =>
        (
          await k.call('POST', '/v1/enrollments', {
            body: validCreateBody(planFull, {
              agent_of_record: { first_name: 'Ann', national_producer_number: '1234567' },
            }),
          })
        ).status,
    ),
  ),
  // Read (4.12). 203 is a 2XX the document allows, so only the stated 200 is broken.
  readAnswer203: rewrite(
    'enr-read-answer-203',
    'ENR-READ-200',
    'The read answers 203 Non-Authoritative Information instead of 200.',
    routeProbe(async (k) => (await read(k, (await create(k, planFull)).application_id)).status),
    successAs(/^\/v1\/enrollments\/[^/]+$/, 203),
  ),
  readUnknown400: flag(
    'enr-read-unknown-400',
    'ENR-READ-404',
    'An unknown enrollment id gives 400 instead of 404.',
    routeProbe(async (k) => (await read(k, 'enr_nope')).status),
  ),
  readIgnoresUnsupportedParam: flag(
    'enr-read-ignores-unsupported-param',
    'ENR-READ-UNSUPPORTED-PARAM',
    'The read ignores query parameters other than product and exchange.',
    routeProbe(async (k) => (await read(k, (await create(k, planFull)).application_id, `${ROUTING}&limit=1`)).status),
  ),
  // Update (4.11)
  // A draft may change for any carrier; the refusal is for a submitted application.
  updateAnyCarrier: flag(
    'enr-update-any-carrier',
    'ENR-UPDATE-UNSUPPORTED-CARRIER',
    'PUT on a submitted application is accepted for a carrier without post-enrollment changes.',
    routeProbe(
      async (k) => (await put(k, await submitted(k, planLimited, { desired_effective_date: FUTURE }), FRESNO)).status,
    ),
  ),
  updateChangeNotShown: flag(
    'enr-update-change-not-shown',
    'ENR-UPDATE-TRACKED',
    'PUT changes are sent by the next submission but never shown on the application (data or events).',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      await put(k, id, FRESNO);
      return (await read(k, id)).body.application.residential_address.city;
    }),
  ),
} satisfies Record<string, Switch>;
