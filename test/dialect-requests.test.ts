/**
 * Every request the suite means as valid validates against the provider's document
 * (specs/provider/openapi.json), which production follows: the request builders of every
 * suite, and the generators' valid requests (drawn from our specs/partner-api.yaml and from
 * the document, with the suite's known values). The document's request schemas (bodies and
 * parameters) are compiled with ajv; a failure names the builder and the ajv error.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { validRequest, type GeneratedRequest } from '../generators/index.js';
import { newIdempotencyKey, type ApiRequest } from '../harness/client/index.js';
import { loadContract } from '../harness/contract/index.js';
import { toValidationErrors } from '../harness/contract/responses.js';
import type { Contract, JsonObject } from '../harness/contract/types.js';
import { resolveRules, ruleCatalogue } from '../harness/suite/catalogue.js';
import { createCheckContext, type CheckContext } from '../harness/suite/context.js';
import { answer, fakeTarget, runConfigFor } from '../harness/suite/fake-target.test-helpers.js';
import { knownValues } from '../harness/suite/known-values.js';
import { CAMPAIGN, createSession, sessionBody, sessionTarget } from '../suites/enrollment-sessions/session-body.js';
import { jsonUpload, multipartUpload, PDF, PNG } from '../suites/enrollments/documents-files.js';
import {
  actionRequest,
  createBody,
  createRequest,
  listRequest,
  paymentRequest,
  primaryApplicant,
  readRequest,
  updateBody,
  updateRequest,
} from '../suites/enrollments/requests.js';
import { REJECTED_MEMBERS } from '../suites/enrollments/rejected-members.js';
import { employerMembers, runListRequest } from '../suites/enrollments/run-list.js';
import { OPERATIONS } from '../suites/operations.js';
import { listRequest as policyList, readRequest as policyRead } from '../suites/policy-status/policy-requests.js';
import { POLICY_LIST_PROPERTY } from '../suites/policy-status/property-specs.js';
import { quoteBody, quoteRequest, quoteTarget } from '../suites/quotes/quote-request.js';
import { ISSUERS_PROPERTY, PROVIDERS_PROPERTY } from '../suites/reference/property-specs.js';
import { countiesRequest, issuersRequest, providerSearch } from '../suites/reference/reference-requests.js';
import type { RequestPropertySpec } from '../suites/reference/request-property.js';

const spec = (name: string) => fileURLToPath(new URL(`../specs/${name}`, import.meta.url));
const FIXTURES = JSON.parse(readFileSync(spec('profiles/reference.json'), 'utf8')).fixtures as Record<string, never>;
/** Generated requests checked per property and document, and per operation of the document. */
const SAMPLES = 40;

// ---- the document's request schemas, compiled with ajv ----

function makeAjv(coerceTypes: boolean) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes, logger: false });
  addFormats(ajv);
  // OpenAPI formats without a JSON Schema meaning (a multipart `file` is `binary`).
  for (const name of ['int32', 'int64', 'float', 'double', 'binary', 'password'])
    if (!ajv.formats[name]) ajv.addFormat(name, true);
  return ajv;
}
const bodies = makeAjv(false);
/** Parameters arrive as text: `plan_year=2026` against an integer. */
const texts = makeAjv(true);
const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: JsonObject, asText = false): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) compiled.set(key, (fn = (asText ? texts : bodies).compile(schema)));
  return fn;
}

/** ajv's errors as `<where> <message>`; a body's errors name their JSON pointer too. */
const errorsOf = (fn: ValidateFunction, where: string, atPointer = false): string[] =>
  toValidationErrors(fn.errors).map((e) => `${where}${atPointer ? ` ${e.path}` : ''} ${e.message}`);

/** `multipart/form-data` parts by name: JSON parts parsed, files as a placeholder string. */
function multipartFields(body: Uint8Array, contentType: string): Record<string, unknown> {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1] ?? '';
  const text = Buffer.from(body).toString('latin1');
  const fields: Record<string, unknown> = {};
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (name === undefined) continue;
    fields[name] = /filename="/.test(head)
      ? '<file bytes>'
      : /content-type:\s*application\/json/i.test(head)
        ? JSON.parse(content)
        : content;
  }
  return fields;
}

const hasHeader = (req: ApiRequest, name: string) =>
  Object.keys(req.headers ?? {}).some((h) => h.toLowerCase() === name.toLowerCase());

/** Why `req` is not a valid request of the document (empty when it is). */
function problemsOf(doc: Contract, req: ApiRequest): string[] {
  const [path, inline] = req.path.split('?');
  const op = doc.match(req.method, path!);
  if (!op) return [`no operation of the document for ${req.method} ${path}`];
  const out: string[] = [];
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(inline ?? ''));
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) query[k] = String(v);
  const names: string[] = [];
  const template = new RegExp(
    `^${op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => {
      names.push(n);
      return '([^/]+)';
    })}$`,
  );
  const pathValues = Object.fromEntries(
    names.map((n, i) => [n, decodeURIComponent(template.exec(path!)?.[i + 1] ?? '')]),
  );
  for (const p of doc.parameterSchemas(op.operationId)) {
    if (p.in === 'cookie') continue;
    const value = p.in === 'path' ? pathValues[p.name] : p.in === 'query' ? query[p.name] : headerValue(req, p.name);
    if (value === undefined) {
      if (p.required) out.push(`${p.in} parameter ${p.name} is required`);
      continue;
    }
    const fn = p.schema && validator(`${op.operationId} ${p.in} ${p.name}`, p.schema, true);
    if (fn && !fn(value)) out.push(...errorsOf(fn, `${p.in} ${p.name}`));
  }
  const documented = new Set(
    doc
      .parameterSchemas(op.operationId)
      .filter((p) => p.in === 'query')
      .map((p) => p.name),
  );
  for (const name of Object.keys(query))
    if (!documented.has(name)) out.push(`query parameter ${name} is not in the document`);
  out.push(...bodyProblems(doc, op.operationId, op.requestBody, req));
  return out;
}

/** A header the request carries; `idempotencyKey: true` is a fresh key of the client's format. */
function headerValue(req: ApiRequest, name: string): string | undefined {
  if (name.toLowerCase() === 'idempotency-key' && req.idempotencyKey !== undefined)
    return req.idempotencyKey === true ? newIdempotencyKey('run') : req.idempotencyKey;
  return hasHeader(req, name)
    ? Object.entries(req.headers!).find(([h]) => h.toLowerCase() === name.toLowerCase())![1]
    : undefined;
}

function bodyProblems(
  doc: Contract,
  operationId: string,
  requestBody: JsonObject | undefined,
  req: ApiRequest,
): string[] {
  const multipart = req.body instanceof Uint8Array && /^multipart\/form-data/i.test(req.contentType ?? '');
  if (req.json === undefined && !multipart)
    return requestBody?.required === true ? ['the document requires a body'] : [];
  const media = multipart ? 'multipart/form-data' : 'application/json';
  const schema = doc.requestSchema(operationId, media);
  if (!schema) return [`the document has no ${media} body for ${operationId}`];
  const fn = validator(`${operationId} body ${media}`, schema);
  const body = multipart ? multipartFields(req.body as Uint8Array, req.contentType!) : req.json;
  return fn(body) ? [] : errorsOf(fn, 'body', true);
}

// ---- the suite's builders, given a check context over the reference profile's fixtures ----

const COUNTY = { fips_code: FIXTURES.fipsCode, name: 'Jefferson', state: FIXTURES.state };

function suiteContext(): CheckContext {
  const target = fakeTarget(
    (req) => answer(req, 200, req.path === '/v1/reference/counties' ? { counties: [COUNTY] } : {}),
    runConfigFor({}, { fixtures: FIXTURES }),
  );
  target.client.newIdempotencyKey = (label) => newIdempotencyKey('20261124T000000Z-abcd', label);
  return createCheckContext(target, resolveRules(ruleCatalogue(), 'requests', ['SCHEMA-RESPONSE-VALID']));
}

type Builder = (t: CheckContext) => ApiRequest | Promise<ApiRequest>;
const fixture = (t: CheckContext, name: string) => t.fixture<string>(name);
const created = (t: CheckContext) => createBody(t, fixture(t, 'planFull'));
const ID = 'enr_000001';

/** Every request a suite sends meaning it to be valid, by the builder (and variant) that makes it. */
const BUILDERS: ReadonlyArray<[name: string, build: Builder]> = [
  ['utility: ping', () => ({ method: 'GET', path: '/v1/ping' })],
  ['reference: countiesRequest', (t) => countiesRequest(fixture(t, 'zipCode'))],
  [
    'reference: issuersRequest',
    (t) => issuersRequest({ state: fixture(t, 'state'), plan_year: fixture(t, 'planYear') }),
  ],
  ['reference: providerSearch', (t) => providerSearch(t)],
  ['reference: providerSearch (page 2 of 5)', (t) => providerSearch(t, { 'page[number]': 2, 'page[size]': 5 })],
  ['quotes: quoteBody', async (t) => quoteRequest(quoteBody(await quoteTarget(t)))],
  ['quotes: quoteBody (page)', async (t) => quoteRequest(quoteBody(await quoteTarget(t), { number: 1, size: 2 }))],
  [
    'sessions: sessionBody self_service',
    async (t) => createSession(sessionBody(await sessionTarget(t), 'self_service', { externalId: 'ext-1' })),
  ],
  [
    'sessions: sessionBody self_service with campaign',
    async (t) =>
      createSession(sessionBody(await sessionTarget(t), 'self_service', { externalId: 'ext-2', campaign: CAMPAIGN })),
  ],
  [
    'sessions: sessionBody self_service with plan_id only',
    async (t) =>
      createSession(
        sessionBody(await sessionTarget(t), 'self_service', { withState: false, planId: 'conformance-plan-id' }),
      ),
  ],
  [
    'sessions: sessionBody agent_assisted',
    async (t) => createSession(sessionBody(await sessionTarget(t), 'agent_assisted', { externalId: 'ext-3' })),
  ],
  ['policy-status: listRequest', (t) => policyList(t)],
  ['policy-status: listRequest (limit 100, offset 2)', (t) => policyList(t, { limit: 100, offset: 2 })],
  ['policy-status: readRequest', (t) => policyRead(t)],
  ['enrollments: createBody planFull', (t) => createRequest(created(t))],
  [
    'enrollments: createBody planLimited, next plan year, future start',
    (t) => createRequest(createBody(t, fixture(t, 'planLimited'), { planYear: 2027, start: 'future' })),
  ],
  [
    'enrollments: createBody planSubmissionFails',
    (t) => createRequest(createBody(t, fixture(t, 'planSubmissionFails'))),
  ],
  [
    'enrollments: createBody with a special enrollment period',
    (t) => createRequest(createBody(t, fixture(t, 'planFull'), { withSep: true })),
  ],
  [
    'enrollments: createBody incomplete (outstanding errors)',
    (t) => createRequest(createBody(t, fixture(t, 'planFull'), { incomplete: true })),
  ],
  [
    "enrollments: createBody under the run's employer (run-list)",
    (t) => createRequest(createBody(t, fixture(t, 'planFull'), { extra: employerMembers('employer-run-1') })),
  ],
  ['enrollments: updateBody', (t) => updateRequest(ID, updateBody(created(t), primaryApplicant('5555550177')))],
  ['enrollments: actionRequest submissions', () => actionRequest(ID, 'submissions')],
  ['enrollments: actionRequest cancellations', () => actionRequest(ID, 'cancellations')],
  ['enrollments: actionRequest terminations', () => actionRequest(ID, 'terminations')],
  ['enrollments: readRequest', () => readRequest(ID)],
  ['enrollments: paymentRequest', () => paymentRequest(ID)],
  ['enrollments: jsonUpload PDF', () => jsonUpload(ID, PDF)],
  ['enrollments: jsonUpload PNG', () => jsonUpload(ID, PNG)],
  ['enrollments: multipartUpload PNG', () => multipartUpload(ID, PNG)],
  ['enrollments: multipartUpload PDF', () => multipartUpload(ID, PDF)],
  ['enrollments: listRequest', () => listRequest()],
  ...(
    [
      ['external_id', (t: CheckContext) => String(created(t).external_id)],
      ['plan_hios_id', (t: CheckContext) => fixture(t, 'planLimited')],
      ['issuer_hios_id', (t: CheckContext) => fixture(t, 'planFull').slice(0, 5)],
      ['plan_year', () => '2027'],
      ['policy_status', () => 'pending_effectuation'],
      ['updated_since', () => '2026-11-24T11:30:31.123Z'],
      ['employer_external_id', (t: CheckContext) => t.idempotencyKey('employer')],
    ] as const
  ).map(([name, value]): [string, Builder] => [
    `enrollments: listRequest filtered by ${name}`,
    (t) => listRequest({ [name]: value(t), limit: 100 }),
  ]),
  ['enrollments: listRequest (limit 2, offset 2)', () => listRequest({ limit: 2, offset: 2 })],
  [
    'enrollments: a closing list of the history (a state, a page, updated since the run began)',
    () =>
      listRequest({
        policy_status: 'cancelled',
        limit: 100,
        offset: 100,
        updated_since: '2026-11-24T11:30:30.123Z',
      }),
  ],
  [
    "enrollments: the history's list narrowed to one application",
    (t) => listRequest({ policy_status: 'draft', external_id: String(created(t).external_id) }),
  ],
  [
    'enrollments: runListRequest (limit 2, offset 2)',
    () => runListRequest({ employer: 'employer-run-1', ids: [] }, { limit: 2, offset: 2 }, 'page 2'),
  ],
];

/** The operations table's /v1 operations (the other interfaces have documents of their own). */
const PARTNER_OPERATIONS = OPERATIONS.filter((op) => op.family !== 'legacy-ichra' && op.family !== 'medicare');

/** The generated-request properties the suites run, with the known values they draw from. */
const PROPERTIES: readonly RequestPropertySpec[] = [ISSUERS_PROPERTY, PROVIDERS_PROPERTY, POLICY_LIST_PROPERTY];

const asApiRequest = (r: GeneratedRequest): ApiRequest => ({
  method: r.method.toUpperCase() as ApiRequest['method'],
  path: r.path,
  query: r.query,
  headers: r.headers,
  ...(r.body !== undefined ? { json: r.body } : {}),
});

let provider: Contract;
let ours: Contract;
beforeAll(async () => {
  [provider, ours] = await Promise.all([
    loadContract(spec('provider/openapi.json')),
    loadContract(spec('partner-api.yaml')),
  ]);
});

/** `name: problem` for each problem of each request. */
const named = (name: string, reqs: readonly ApiRequest[]) =>
  reqs.flatMap((r, i) => problemsOf(provider, r).map((p) => `${name}${reqs.length > 1 ? ` #${i + 1}` : ''}: ${p}`));

describe("the suites' request builders build requests the provider's document accepts", () => {
  test.each(BUILDERS.map(([name, build]) => [name, build] as const))('%s', async (name, build) => {
    expect(named(name, [await build(suiteContext())])).toEqual([]);
  });
});

describe("the generators' valid requests, with the suites' known values, are valid for the provider's document", () => {
  for (const property of PROPERTIES) {
    for (const source of ['partner-api.yaml', 'provider/openapi.json'] as const) {
      test(`${property.operationId} generated from ${source}`, () => {
        const t = suiteContext();
        const op = (source === 'partner-api.yaml' ? ours : provider).operation(property.operationId)!;
        const known = knownValues(FIXTURES, property.known?.(t));
        const reqs = fc.sample(validRequest(op, { known }), { seed: 7, numRuns: SAMPLES }).map(asApiRequest);
        expect(named(`validRequest(${property.operationId} of ${source})`, reqs)).toEqual([]);
      });
    }
  }

  test("every operation of the provider's document, generated from it", () => {
    const problems = provider.operations.flatMap((op) => {
      const reqs = fc.sample(validRequest(op), { seed: 7, numRuns: SAMPLES }).map(asApiRequest);
      return named(`validRequest(${op.operationId})`, reqs);
    });
    expect(problems).toEqual([]);
  });
});

describe("the operations table's valid requests are the provider's document's, each on its own operation", () => {
  test.each(PARTNER_OPERATIONS.map((op) => [op.operationId, op] as const))('%s', async (operationId, op) => {
    const req = await op.request(suiteContext());
    expect(named(`${op.family}/operations.ts ${operationId}`, [req])).toEqual([]);
    expect(provider.match(req.method, req.path.split('?')[0]!)?.operationId).toBe(operationId);
  });
});

describe("a create carrying a rejected member breaks only the document's rule against that member", () => {
  test.each(REJECTED_MEMBERS.map((r) => [r.member, r.add] as const))('%s', (member, add) => {
    const problems = named(`create with ${member}`, [createRequest({ ...created(suiteContext()), ...add })]);
    // The document refuses the four members with one `not` rule at the root: nothing else may fail.
    expect(problems).toEqual([`create with ${member}: body / must NOT be valid`]);
  });
});

describe('the check can fail', () => {
  test("a body the document refuses is reported with the builder's name and the ajv error", async () => {
    const t = suiteContext();
    const body = sessionBody(await sessionTarget(t), 'self_service', { campaign: { name: 'old' } });
    const household = body.household as { applicants: Array<Record<string, unknown>> };
    household.applicants[0]!.relationship = 'self';
    const problems = named('sessions: an old session body', [createSession(body)]);
    expect(problems).toContain(
      'sessions: an old session body: body /household/applicants/0/relationship must be equal to one of the ' +
        'allowed values: "primary", "spouse", "dependent"',
    );
    expect(problems).toContain(
      'sessions: an old session body: body /campaign must NOT have additional properties: name',
    );
  });

  test(
    'a missing required member, a parameter outside the document and a missing Idempotency-Key ' + 'are each reported',
    () => {
      const t = suiteContext();
      const { applicants: _dropped, ...body } = created(t);
      expect(named('create', [createRequest(body, { idempotencyKey: undefined })])).toEqual([
        'create: header parameter Idempotency-Key is required',
        "create: body / must have required property 'applicants'",
      ]);
      expect(
        named('read', [{ ...readRequest(ID), query: { product: 'ichra', exchange: 'off_exchange', plan_year: 2026 } }]),
      ).toEqual(['read: query parameter plan_year is not in the document']);
      expect(named('list', [listRequest({ limit: 101 })])).toEqual(['list: query limit must be <= 100']);
    },
  );
});
