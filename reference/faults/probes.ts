/**
 * Test support: one black-box probe per fault of the core and of the utility, reference,
 * quotes, enrollment-sessions and policy-status families, and per fault of the other families
 * that only a whole server shows (checked by the core, which the route-module kit bypasses).
 * A probe returns an observation; the fault is real when the observation differs between the
 * clean and the faulty server.
 */
import { keyForRole } from '../core/accounts.js';
import type { Call } from '../core/test-client.js';
import { quoteBody, sessionBody } from '../core/test-fixtures.js';
import { MAX_BODY_BYTES } from '../core/limits.js';
import { ENROLLMENT_FIXTURES, validCreateBody } from '../enrollments/fixtures.js';
import { MEDICARE_FIXTURES } from '../medicare/samples.js';
import { KY_LOCATION, quoteRequestBody } from '../quotes/sample.js';

export interface ProbeContext {
  call: Call;
  /** Move the server's clock (only with `fixedClock`). */
  advance(ms: number): void;
}

export interface Probe {
  /** Run on a clock that moves only through `advance` (rate-limit probes). */
  fixedClock?: boolean;
  run(ctx: ProbeContext): Promise<unknown>;
}

const u = { unchecked: true } as const;
const S = '/v1/enrollment-sessions';
const Q = '/v1/quotes';
const PROV = '/v1/reference/providers?query=Health&zip_code=40202&exchange=on_exchange';
const POL = '/v1/policy-status/applications';
const LIST = `${POL}?exchange=on_exchange&plan_year=2026`;
const READ = `${POL}/4412026000`;
const agent = { flow: 'agent_assisted' };
/** A quote request the provider document accepts, for the fixture county (Jefferson, KY). */
const kyQuote = (overrides: Parameters<typeof quoteRequestBody>[0] = {}) => quoteRequestBody({ location: KY_LOCATION, ...overrides });

const status = (call: Call, method: string, path: string, opts = {}) => call(method, path, { ...u, ...opts }).then((r) => r.status);
const body = (call: Call, method: string, path: string, opts = {}) => call(method, path, { ...u, ...opts }).then((r) => r.body);
const probe = (run: Probe['run']): Probe => ({ run });
const fixed = (run: Probe['run']): Probe => ({ fixedClock: true, run });
const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });
/** Two identical keyed session creates; the second is a replay on a clean server. */
async function twice(call: Call, json = sessionBody(), key = 'k-probe') {
  const first = await call('POST', S, { ...u, json, ...keyed(key) });
  const second = await call('POST', S, { ...u, json, ...keyed(key) });
  return { first, second };
}
async function exhaustLow(call: Call): Promise<void> {
  await call('GET', '/v1/ping', { ...u, role: 'tierLow' });
  await call('GET', '/v1/ping', { ...u, role: 'tierLow' });
}

/** A text/plain upload whose bytes are a valid JSON upload of a PDF, to a fresh SEP application. */
async function textPlainUpload(call: Call): Promise<number> {
  const context = { product: 'ichra', exchange: 'off_exchange' };
  const json = validCreateBody(ENROLLMENT_FIXTURES.planFull, { special_enrollment_period: { event_type: 'relocation', event_date: '2026-01-02' } });
  const app = await call('POST', '/v1/enrollments', { ...u, json, ...keyed('docs-probe') });
  const upload = { context, document_type: 'sep', file: { filename: 'a.pdf', content_type: 'application/pdf', content_base64: Buffer.from('%PDF-1.7\n').toString('base64') } };
  return status(call, 'POST', `/v1/enrollments/${app.body.application_id}/supporting_documentation`, { raw: JSON.stringify(upload), contentType: 'text/plain' });
}

export const probes: Record<string, Probe> = {
  // core: auth, envelopes, edge
  'missing-key-401': probe(({ call }) => status(call, 'GET', '/v1/ping', { role: null })),
  'invalid-key-accepted': probe(({ call }) => status(call, 'GET', '/v1/ping', { key: 'sandbox_bogus' })),
  'api-key-echoed': probe(({ call }) => call('GET', '/v1/ping', u).then((r) => r.headers['x-api-key-echo'] ?? null)),
  'envelope-missing-message': probe(({ call }) => body(call, 'GET', '/v1/nope')),
  'success-content-type-text': probe(({ call }) => call('GET', '/v1/ping', u).then((r) => r.headers['content-type'])),
  'unknown-route-403': probe(({ call }) => status(call, 'GET', '/v1/nope')),
  'rate-limit-ignored-tier': fixed(async ({ call }) => { await exhaustLow(call); return status(call, 'GET', '/v1/ping', { role: 'tierLow' }); }),
  'rate-limit-stage-ignored': fixed(async ({ call }) => {
    let ok = 0;
    for (const role of ['approved', 'tierHigh']) for (let i = 0; i < 20; i++) if ((await status(call, 'GET', '/v1/ping', { role })) === 200) ok++;
    return ok;
  }),
  'rate-limit-burst-short': fixed(async ({ call }) => [await status(call, 'GET', '/v1/ping', { role: 'tierLow' }), await status(call, 'GET', '/v1/ping', { role: 'tierLow' })]),
  'rate-limit-slow-refill': fixed(async ({ call, advance }) => { await exhaustLow(call); await status(call, 'GET', '/v1/ping', { role: 'tierLow' }); advance(1000); return status(call, 'GET', '/v1/ping', { role: 'tierLow' }); }),
  'retry-after-missing': fixed(async ({ call }) => { await exhaustLow(call); return call('GET', '/v1/ping', { ...u, role: 'tierLow' }).then((r) => r.headers['retry-after'] ?? null); }),
  'rate-limit-plain-body': fixed(async ({ call }) => { await exhaustLow(call); return body(call, 'GET', '/v1/ping', { role: 'tierLow' }); }),
  // Create enrollment takes members beyond its schema, so the padded body is otherwise valid.
  'body-size-unlimited': probe(({ call }) => status(call, 'POST', '/v1/enrollments', { json: validCreateBody(ENROLLMENT_FIXTURES.planFull, { padding: 'x'.repeat(MAX_BODY_BYTES) }), ...keyed('big-probe') })),
  'payload-too-large-plain-text': probe(({ call }) => call('POST', Q, { ...u, raw: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }).then((r) => r.headers['content-type'])),
  'content-type-not-checked': probe(({ call }) => status(call, 'POST', Q, { raw: JSON.stringify(quoteBody()), contentType: 'text/plain' })),
  'unsupported-media-type-400': probe(({ call }) => status(call, 'POST', S, { raw: '{}', contentType: 'text/csv' })),
  'malformed-json-500': probe(({ call }) => status(call, 'POST', Q, { raw: '{"a":' })),
  'enrollments-invalid-json-unified': probe(({ call }) => body(call, 'POST', '/v1/enrollments', { raw: '{"a":', ...keyed('bad-json') }).then((b) => Object.keys(b ?? {}))),
  // core: idempotency
  'idempotency-replay-header-missing': probe(({ call }) => twice(call).then((t) => t.second.headers['idempotent-replay'] ?? null)),
  'idempotency-replay-header-always': probe(({ call }) => twice(call).then((t) => t.first.headers['idempotent-replay'] ?? null)),
  'idempotency-replay-body-changed': probe(({ call }) => twice(call).then((t) => t.first.text === t.second.text)),
  'idempotency-replay-status-changed': probe(({ call }) => twice(call).then((t) => t.second.status)),
  'idempotency-mismatch-ignored': probe(async ({ call }) => { await call('POST', S, { ...u, json: sessionBody(), ...keyed('mm') }); return status(call, 'POST', S, { json: sessionBody({ external_id: 'other' }), ...keyed('mm') }); }),
  'idempotency-in-progress-ignored': probe(async ({ call }) => {
    const json = sessionBody({ external_id: 'slow-probe' });
    const first = call('POST', S, { ...u, json, ...keyed('race') });
    await new Promise((r) => setTimeout(r, 50));
    return [await status(call, 'POST', S, { json, ...keyed('race') }), (await first).status];
  }),
  'idempotency-key-format-unchecked': probe(({ call }) => status(call, 'POST', S, { json: sessionBody(), ...keyed('not valid!') })),
  'idempotency-key-max-128': probe(({ call }) => status(call, 'POST', S, { json: sessionBody(), ...keyed('a'.repeat(255)) })),
  'idempotency-not-scoped-by-key': probe(async ({ call }) => { await call('POST', S, { ...u, json: sessionBody(), ...keyed('scope') }); return call('POST', S, { ...u, role: 'tierHigh', json: sessionBody(), ...keyed('scope') }).then((r) => r.headers['idempotent-replay'] ?? null); }),
  'idempotency-stores-429': fixed(async ({ call, advance }) => {
    await exhaustLow(call);
    await call('POST', S, { ...u, role: 'tierLow', json: sessionBody(), ...keyed('limited') });
    advance(1000);
    return status(call, 'POST', S, { role: 'tierLow', json: sessionBody(), ...keyed('limited') });
  }),
  'idempotency-5xx-not-stored': probe(({ call }) => twice(call, sessionBody({ external_id: 'fail-5xx-probe' })).then((t) => t.second.headers['idempotent-replay'] ?? null)),
  'idempotency-key-required-ignored': probe(({ call }) => status(call, 'POST', '/v1/enrollments', { json: validCreateBody(ENROLLMENT_FIXTURES.planFull) })),
  'idempotency-session-key-required': probe(({ call }) => status(call, 'POST', S, { json: sessionBody() })),
  'direct-enrollment-gate-ignored': probe(({ call }) => status(call, 'GET', '/v1/enrollments?product=ichra&exchange=off_exchange', { role: 'unapproved' })),
  'enr-docs-text-plain-accepted': probe(({ call }) => textPlainUpload(call)),
  'medicare-key-from-authorization-only': probe(({ call }) =>
    status(call, 'PATCH', `/v1/contacts/${MEDICARE_FIXTURES.medicareContactId}`, { role: null, headers: { 'X-API-Key': keyForRole('medicare') }, json: { agent_email: MEDICARE_FIXTURES.medicareAgentEmail } })),
  // utility
  'ping-ok-string': probe(({ call }) => body(call, 'GET', '/v1/ping')),
  'ping-404': probe(({ call }) => status(call, 'GET', '/v1/ping')),
  'ungated-refuses-unapproved': probe(({ call }) => status(call, 'GET', '/v1/ping', { role: 'unapproved' })),
  // reference data
  'counties-answer-201': probe(({ call }) => status(call, 'GET', '/v1/reference/counties?zip_code=40202')),
  'counties-known-zip-empty': probe(({ call }) => body(call, 'GET', '/v1/reference/counties?zip_code=40202').then((b) => b.counties.length)),
  'counties-state-of-zip-not-fips': probe(({ call }) => body(call, 'GET', '/v1/reference/counties?zip_code=42223')),
  'counties-zip-pattern-404': probe(({ call }) => status(call, 'GET', '/v1/reference/counties?zip_code=abc')),
  'counties-zip-optional': probe(({ call }) => status(call, 'GET', '/v1/reference/counties')),
  'counties-unknown-zip-400': probe(({ call }) => status(call, 'GET', '/v1/reference/counties?zip_code=99999')),
  'counties-fips-county-part-only': probe(({ call }) => body(call, 'GET', '/v1/reference/counties?zip_code=40202')),
  'counties-missing-name': probe(({ call }) => body(call, 'GET', '/v1/reference/counties?zip_code=40202')),
  'issuers-answer-203': probe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
  'issuers-name-numeric': probe(({ call }) => body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026').then((b) => b.issuers.map((i: { name: unknown }) => typeof i.name))),
  'issuers-byte-order': probe(({ call }) => body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
  'issuers-tie-not-by-id': probe(({ call }) => body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
  'issuers-hios-with-state': probe(({ call }) => body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
  'issuers-unknown-state-422': probe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=ZZ')),
  'issuers-lowercase-accepted': probe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=ky')),
  'issuers-state-optional': probe(({ call }) => status(call, 'GET', '/v1/reference/issuers')),
  'issuers-state-pattern-404': probe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=K1')),
  'issuers-plan-year-range-unchecked': probe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2019')),
  'issuers-plan-year-2099-rejected': probe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2099')),
  'issuers-default-year-previous': probe(async ({ call }) => JSON.stringify(await body(call, 'GET', '/v1/reference/issuers?state=KY')) === JSON.stringify(await body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026'))),
  'providers-answer-206': probe(({ call }) => status(call, 'GET', PROV)),
  'providers-page-size-not-clamped': probe(({ call }) => status(call, 'GET', `${PROV}&page[size]=500`)),
  'providers-page-number-zero-400': probe(({ call }) => status(call, 'GET', `${PROV}&page[number]=0`)),
  'providers-default-size-20': probe(({ call }) => body(call, 'GET', PROV).then((b) => b.meta.page_size)),
  'providers-default-page-2': probe(({ call }) => body(call, 'GET', PROV).then((b) => b.meta.page_number)),
  'providers-result-count-of-page': probe(({ call }) => body(call, 'GET', `${PROV}&page[number]=3`).then((b) => b.meta.result_count)),
  'providers-list-all-without-query': probe(({ call }) => status(call, 'GET', '/v1/reference/providers?zip_code=40202&exchange=on_exchange')),
  'providers-empty-query-accepted': probe(({ call }) => status(call, 'GET', '/v1/reference/providers?query=&zip_code=40202&exchange=on_exchange')),
  'providers-exchange-unchecked': probe(({ call }) => status(call, 'GET', '/v1/reference/providers?query=a&zip_code=40202')),
  'providers-zip-unchecked': probe(({ call }) => status(call, 'GET', '/v1/reference/providers?query=a&zip_code=1&exchange=on_exchange')),
  'providers-pages-overlap': probe(({ call }) => body(call, 'GET', `${PROV}&page[size]=10&page[number]=2`).then((b) => b.providers[0].npi)),
  'providers-page-oversized': probe(({ call }) => body(call, 'GET', `${PROV}&page[size]=10`).then((b) => b.providers.length)),
  'providers-quote-in-query-500': probe(({ call }) => status(call, 'GET', `/v1/reference/providers?query=O'Brien&zip_code=40202&exchange=on_exchange`)),
  'providers-empty-404': probe(({ call }) => status(call, 'GET', '/v1/reference/providers?query=zzzz&zip_code=40202&exchange=on_exchange')),
  'providers-npi-9-digits': probe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
  'providers-zip-plus-4': probe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
  'providers-meta-strings': probe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
  'providers-credential-missing': probe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
  // quotes
  'quotes-mixed-coverage': probe(({ call }) => body(call, 'POST', Q, { json: kyQuote() }).then((b) => [...new Set(b.plans.map((p: { coverage_type: string }) => p.coverage_type))])),
  'quotes-multiple-coverage-types-accepted': probe(({ call }) => status(call, 'POST', Q, { json: kyQuote({ context: { coverage_type: ['medical', 'dental'] } }) })),
  'quotes-body-optional': probe(({ call }) => status(call, 'POST', Q)),
  'quotes-page-size-ignored': probe(({ call }) => body(call, 'POST', Q, { json: kyQuote({ page: { number: 1, size: 2 } }) }).then((b) => b.plans.length)),
  'quotes-200-as-201': probe(({ call }) => status(call, 'POST', Q, { json: kyQuote() })),
  // enrollment sessions
  'sessions-agent-plan-id-accepted': probe(({ call }) => status(call, 'POST', S, { json: sessionBody({ plan_id: 'p1' }, agent) })),
  'sessions-agent-campaign-accepted': probe(({ call }) => status(call, 'POST', S, { json: sessionBody({ campaign: {} }, agent) })),
  'sessions-agent-state-optional': probe(({ call }) => status(call, 'POST', S, { json: sessionBody({ location: {} }, agent) })),
  'sessions-self-service-state-required': probe(({ call }) => status(call, 'POST', S, { json: sessionBody({ plan_id: 'p1', location: {} }) })),
  'sessions-self-service-needs-nothing': probe(({ call }) => status(call, 'POST', S, { json: sessionBody({ location: {} }) })),
  'sessions-self-service-campaign-rejected': probe(({ call }) => status(call, 'POST', S, { json: sessionBody({ campaign: { utm_source: 'mail' } }) })),
  'sessions-context-locale-optional': probe(({ call }) => { const json = sessionBody(); delete (json.context as Record<string, unknown>).locale; return status(call, 'POST', S, { json }); }),
  'sessions-context-optional': probe(({ call }) => status(call, 'POST', S, { json: { external_id: 'x', location: { state: 'KY' } } })),
  'sessions-flow-unchecked': probe(({ call }) => status(call, 'POST', S, { json: sessionBody({}, { flow: 'other' }) })),
  'sessions-self-service-consults-oauth': probe(({ call }) => status(call, 'POST', S, { role: 'oauthUnhealthy', json: sessionBody() })),
  'sessions-agent-consults-deeplink': probe(({ call }) => status(call, 'POST', S, { role: 'selfServiceNoAgent', json: sessionBody({}, agent) })),
  'sessions-oauth-unhealthy-503': probe(({ call }) => status(call, 'POST', S, { role: 'oauthUnhealthy', json: sessionBody({}, agent) })),
  'sessions-deeplink-agent-not-checked': probe(({ call }) => status(call, 'POST', S, { role: 'selfServiceNoAgent', json: sessionBody() })),
  'sessions-gate-ignored': probe(({ call }) => status(call, 'POST', S, { role: 'unapproved', json: sessionBody() })),
  'sessions-external-id-not-echoed': probe(({ call }) => body(call, 'POST', S, { json: sessionBody() }).then((b) => b.external_id)),
  'sessions-links-relative': probe(({ call }) => body(call, 'POST', S, { json: sessionBody() }).then((b) => b.links.shopping_url)),
  'request-id-missing': probe(({ call }) => call('POST', S, { ...u, json: sessionBody() }).then((r) => r.headers['x-request-id'] !== undefined)),
  'sessions-200-as-201': probe(({ call }) => status(call, 'POST', S, { json: sessionBody() })),
  // policy status
  'policy-product-accepted': probe(({ call }) => status(call, 'GET', `${LIST}&product=aca`)),
  'policy-limit-not-checked': probe(({ call }) => status(call, 'GET', `${LIST}&limit=101`)),
  'policy-offset-negative-accepted': probe(({ call }) => status(call, 'GET', `${LIST}&offset=-1`)),
  'policy-default-limit-50': probe(({ call }) => body(call, 'GET', LIST).then((b) => b.applications.length)),
  'policy-default-offset-1': probe(({ call }) => body(call, 'GET', LIST).then((b) => b.applications[0].confirmation_id)),
  'policy-pages-overlap': probe(({ call }) => body(call, 'GET', `${LIST}&offset=10&limit=5`).then((b) => b.applications[0].confirmation_id)),
  'policy-page-oversized': probe(({ call }) => body(call, 'GET', `${LIST}&limit=5`).then((b) => b.applications.length)),
  'policy-exchange-off-accepted': probe(({ call }) => status(call, 'GET', `${POL}?exchange=off_exchange&plan_year=2026`)),
  'policy-list-exchange-optional': probe(({ call }) => status(call, 'GET', `${POL}?plan_year=2026`)),
  'policy-list-plan-year-optional': probe(({ call }) => status(call, 'GET', `${POL}?exchange=on_exchange`)),
  'policy-read-exchange-optional': probe(({ call }) => status(call, 'GET', `${READ}?plan_year=2026`)),
  'policy-read-plan-year-optional': probe(({ call }) => status(call, 'GET', `${READ}?exchange=on_exchange`)),
  'policy-status-gate-ignored': probe(({ call }) => status(call, 'GET', LIST, { role: 'unapproved' })),
  'policy-unknown-confirmation-200': probe(({ call }) => status(call, 'GET', `${POL}/0000000000?exchange=on_exchange&plan_year=2026`)),
  'policy-list-500': probe(({ call }) => status(call, 'GET', LIST)),
  'policy-read-400': probe(({ call }) => status(call, 'GET', `${READ}?exchange=on_exchange&plan_year=2026`)),
};
