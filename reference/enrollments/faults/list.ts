/**
 * Faults of direct enrollment: the list of applications (4.9): its answer, filters, pagination and
 * parameters.
 */
import { faultsOf, successAs, under } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe } from '../../core/probe.js';
import { validCreateBody } from '../fixtures.js';
import { foldedNames, primaryOf } from '../fault-rewrites.js';
import { BASE, create, listStatus, listTotal, planFull, planLimited, read, rows } from '../probe-steps.js';

const { flag, rewrite } = faultsOf('enrollments');

export const LIST_FAULTS = {
  // List (4.9)
  listAnswer206: rewrite(
    'enr-list-answer-206',
    'ENR-LIST-200',
    'List answers 206 Partial Content instead of 200.',
    routeProbe((k) => listStatus(k, BASE)),
    successAs(/^\/v1\/enrollments$/, 206),
  ),
  listProductOptional: flag(
    'enr-list-product-optional',
    'ENR-LIST-PRODUCT-REQUIRED',
    'List accepts a request without product=ichra.',
    routeProbe((k) => listStatus(k, '/v1/enrollments?exchange=off_exchange')),
  ),
  listExchangeOptional: flag(
    'enr-list-exchange-optional',
    'ENR-LIST-EXCHANGE-REQUIRED',
    'List accepts a request without exchange=off_exchange.',
    routeProbe((k) => listStatus(k, '/v1/enrollments?product=ichra')),
  ),
  listIgnoresUnsupportedParam: flag(
    'enr-list-ignores-unsupported-param',
    'ENR-LIST-UNSUPPORTED-PARAM-400',
    'List ignores unsupported query parameters instead of 400 invalid_request.',
    routeProbe((k) => listStatus(k, `${BASE}&sort=asc`)),
  ),
  listDefaultLimit50: flag(
    'enr-list-default-limit-50',
    'ENR-LIST-LIMIT-DEFAULT',
    'List returns up to 50 rows when limit is absent.',
    routeProbe(async (k) => (await rows(k)).length),
  ),
  listLimitUnbounded: flag(
    'enr-list-limit-unbounded',
    'ENR-LIST-LIMIT-RANGE',
    'List accepts limit 0 and limits above 100.',
    routeProbe((k) => listStatus(k, `${BASE}&limit=101`)),
  ),
  listOffsetDefault1: flag(
    'enr-list-offset-default-1',
    'ENR-LIST-OFFSET-DEFAULT',
    'List starts at offset 1 when offset is absent.',
    routeProbe(async (k) => (await rows(k))[0].application_id),
  ),
  listNegativeOffsetAccepted: flag(
    'enr-list-negative-offset-accepted',
    'ENR-LIST-OFFSET-RANGE',
    'List treats a negative offset as 0 instead of 400.',
    routeProbe((k) => listStatus(k, `${BASE}&offset=-1`)),
  ),
  listPagesOverlap: flag(
    'enr-list-pages-overlap',
    'ENR-LIST-PAGES-CONSISTENT',
    'Every explicit offset above 0 starts one row early, so pages overlap.',
    routeProbe(async (k) => (await rows(k, '&limit=10&offset=10'))[0].application_id),
  ),
  listOffsetIgnored: flag(
    'enr-list-offset-ignored',
    'ENR-LIST-PAGES-CONSISTENT',
    'offset is accepted but ignored: every page is the first page.',
    routeProbe(async (k) => (await rows(k, '&limit=10&offset=10'))[0].application_id),
  ),
  listPolicyStatusIgnored: flag(
    'enr-list-policy-status-ignored',
    'ENR-LIST-FILTER-POLICY-STATUS',
    'The policy_status filter is ignored.',
    routeProbe((k) => listTotal(k, '&policy_status=draft')),
  ),
  listPolicyStatusAny: flag(
    'enr-list-policy-status-any',
    'ENR-LIST-FILTER-POLICY-STATUS-ENUM',
    'A policy_status outside the six states is accepted (empty list).',
    routeProbe((k) => listStatus(k, `${BASE}&policy_status=active`)),
  ),
  listExternalIdIgnored: flag(
    'enr-list-external-id-ignored',
    'ENR-LIST-FILTER-EXTERNAL-ID',
    'The external_id filter is ignored.',
    routeProbe((k) => listTotal(k, '&external_id=seed-7')),
  ),
  listExternalIdOddUnmatched: flag(
    'enr-list-external-id-odd-unmatched',
    'ENR-LIST-FILTER-EXTERNAL-ID',
    'The external_id filter finds no application whose id holds a character outside A-Z a-z 0-9 - _ (a space, a ' +
      'plus, a letter of another script, ...).',
    routeProbe(async (k) => {
      await create(k, planFull, { external_id: 'crm 42+é' });
      return listTotal(k, `&external_id=${encodeURIComponent('crm 42+é')}`);
    }),
  ),
  listTotalOfPage: rewrite(
    'enr-list-total-of-page',
    'ENR-LIST-TOTAL',
    'pagination.total counts the rows of the page, not of the list.',
    routeProbe(async (k) => {
      await create(k, planFull);
      await create(k, planFull);
      return listTotal(k, '&limit=1');
    }),
    (req, res) => {
      const body = res.body as { applications?: unknown[]; pagination?: Record<string, unknown> } | undefined;
      return req.method === 'GET' && req.path === '/v1/enrollments' && res.status === 200 && body?.pagination
        ? { ...res, body: { ...body, pagination: { ...body.pagination, total: body.applications?.length ?? 0 } } }
        : res;
    },
  ),
  // Only a hostile value in the update's path reaches it (the checks every operation owes, suites/owed/).
  updateOddId500: rewrite(
    'enr-update-odd-id-500',
    'EDGE-NO-5XX',
    'An enrollment id holding a character outside A-Z a-z 0-9 - _ crashes the PUT (500) instead of a 404.',
    routeProbe(async (k) => (await k.call('PUT', "/v1/enrollments/O'Brien", { body: {} })).status),
    (req, res) =>
      req.method === 'PUT' && /^\/v1\/enrollments\/[^/]*[^A-Za-z0-9_/-][^/]*$/.test(req.path)
        ? { ...res, status: 500, body: { errors: [{ code: 'internal_error', message: 'Application lookup failed.' }] } }
        : res,
  ),
  applicantNamesFolded: rewrite(
    'enr-applicant-names-folded',
    'ENR-CREATE-DATA-ROUND-TRIP',
    "Applicant names are shown folded to ASCII: accents stripped, other scripts' letters dropped (José " +
      'Núñez-Дмитрий shows as Jose Nunez-).',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull, {
        applicants: { primary: { ...primaryOf(validCreateBody(planFull)), first_name: 'José', last_name: 'Дмитрий' } },
      });
      return (await read(k, id)).body.application.applicants.primary;
    }),
    under('/v1/enrollments', foldedNames),
  ),
  listPlanHiosIdIgnored: flag(
    'enr-list-plan-hios-id-ignored',
    'ENR-LIST-FILTER-PLAN-HIOS-ID',
    'The plan_hios_id filter is ignored.',
    routeProbe((k) => listTotal(k, `&plan_hios_id=${planLimited}`)),
  ),
  listIssuerHiosIdIgnored: flag(
    'enr-list-issuer-hios-id-ignored',
    'ENR-LIST-FILTER-ISSUER-HIOS-ID',
    'The issuer_hios_id filter is ignored.',
    routeProbe((k) => listTotal(k, `&issuer_hios_id=${planFull.slice(0, 5)}`)),
  ),
  listPlanYearIgnored: flag(
    'enr-list-plan-year-ignored',
    'ENR-LIST-FILTER-PLAN-YEAR',
    'The plan_year filter is ignored.',
    routeProbe((k) => listTotal(k, '&plan_year=2026')),
  ),
  // Ignored, not inclusive: whether an application shown updated at the instant itself was updated after it
  // depends on the precision its time is stored at, which no client sees.
  updatedSinceAsText: flag(
    'enr-updated-since-compared-as-text',
    'EDGE-EQUIVALENT-REQUESTS',
    'updated_since is compared with updated_at as text, not as instants: the same instant written at another ' +
      'offset than Z filters other applications.',
    routeProbe(async (k) => {
      const pivot = (await rows(k))[3];
      const east = new Date(Date.parse(pivot.updated_at) + 5.5 * 3_600_000).toISOString().replace('Z', '+05:30');
      return listTotal(k, `&updated_since=${encodeURIComponent(east)}`);
    }),
  ),
  routingParametersLead: flag(
    'enr-routing-parameters-lead',
    'EDGE-EQUIVALENT-REQUESTS',
    'The /v1/enrollments routes read product and exchange only when they lead the query in that order (a gateway ' +
      'matching the query text); otherwise they are missing.',
    routeProbe((k) => listStatus(k, '/v1/enrollments?exchange=off_exchange&product=ichra')),
  ),
  listUpdatedSinceIgnored: flag(
    'enr-list-updated-since-ignored',
    'ENR-LIST-FILTER-UPDATED-SINCE',
    'The updated_since filter is ignored.',
    routeProbe(async (k) => {
      const pivot = (await rows(k))[3];
      return listTotal(k, `&updated_since=${encodeURIComponent(pivot.updated_at)}`);
    }),
  ),
  listEmployerUnsupported: flag(
    'enr-list-employer-unsupported',
    'ENR-LIST-FILTER-EMPLOYER',
    'employer_external_id is rejected as an unsupported parameter.',
    routeProbe((k) => listStatus(k, `${BASE}&employer_external_id=employer-1`)),
  ),
} satisfies Record<string, Switch>;
