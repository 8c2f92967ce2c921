/**
 * The specs under specs/ against the contract: each document validates, every operation is
 * there once with the statuses the provider's document lists (plus the disagreements), response
 * schemas stay additive, request schemas say the conditional rules, and the target-profile
 * schema keeps key values out. Agreement with the provider's document fact by fact is
 * test/spec-agreement.test.ts.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { OPERATIONS } from '../suites/operations.js';

type Json = Record<string, any>;

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const SPECS = {
  partner: here('../specs/partner-api.yaml'),
  legacy: here('../specs/legacy-ichra.yaml'),
  medicare: here('../specs/medicare.yaml'),
  alt: here('./fixtures/alt-partner-api.yaml'),
  defective: here('./fixtures/defective-partner-api.yaml'),
};
const PROFILE_SCHEMA = here('../specs/target-profile.schema.json');
const PROVIDER = JSON.parse(readFileSync(here('../specs/provider/openapi.json'), 'utf8')) as Json;
const DISAGREEMENTS = JSON.parse(readFileSync(here('../specs/disagreements.json'), 'utf8')) as Json;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The family tables' routes as `get /v1/ping`, by operationId (suites/operations.ts). */
function tableRoutes(families: (f: string) => boolean): Record<string, string[]> {
  const lower = (route: string) => route.replace(/^\S+/, (m) => m.toLowerCase());
  return Object.fromEntries(
    OPERATIONS.filter((op) => families(op.family)).map((op) => [
      op.operationId,
      [op.route, ...(op.alsoAt ?? [])].map(lower),
    ]),
  );
}
const OTHER_INTERFACES = ['legacy-ichra', 'medicare'];
const PARTNER_ROUTES = tableRoutes((f) => !OTHER_INTERFACES.includes(f));

/**
 * Response statuses each /v1 operation declares: the provider's document (sections 4.1-4.15
 * agree where they list any), plus each status a disagreement of kind `status` adds (415 on
 * create, CREATE-ENROLLMENT-415).
 */
function partnerStatuses(): Record<string, string[]> {
  const out = Object.fromEntries(
    operationsOf(PROVIDER.paths).map(({ id, op }) => [id, Object.keys(op.responses ?? {})] as [string, string[]]),
  );
  for (const d of DISAGREEMENTS.disagreements as Json[])
    if (d.kind === 'status') for (const id of d.where.operations as string[]) out[id]!.push(d.where.status);
  return out;
}

interface Operation {
  id: string;
  route: string;
  op: Json;
}

/** Every operation of a document's paths (or webhooks), with its method and path. */
function operationsOf(items: Json | undefined): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(items ?? {})) {
    for (const method of METHODS) {
      const op = (item as Json)[method];
      if (op) out.push({ id: op.operationId, route: `${method} ${path}`, op });
    }
  }
  return out;
}

/** Routes grouped by operationId. */
function routesById(ops: Operation[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { id, route } of ops) (out[id] ??= []).push(route);
  return out;
}

/** JSON pointers of every `additionalProperties: false` / `unevaluatedProperties: false` below a node. */
function closedObjectsIn(node: unknown, at = '', seen = new Set<object>()): string[] {
  if (node === null || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const found: string[] = [];
  const obj = node as Json;
  if (obj.additionalProperties === false) found.push(`${at}/additionalProperties`);
  if (obj.unevaluatedProperties === false) found.push(`${at}/unevaluatedProperties`);
  for (const [k, v] of Object.entries(obj)) found.push(...closedObjectsIn(v, `${at}/${k}`, seen));
  return found;
}

/** Every response (content and headers) of every operation and webhook of a dereferenced document. */
function responsesOf(doc: Json): Array<[string, Json]> {
  const ops = [...operationsOf(doc.paths), ...operationsOf(doc.webhooks)];
  return ops.flatMap(({ route, op }) =>
    Object.entries(op.responses ?? {}).map(([status, r]) => [`${route} ${status}`, r as Json] as [string, Json]),
  );
}

function newAjv() {
  // strictRequired off: `not: {anyOf: [{required: [x]}]}` (refused members) names members defined beside it.
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

const docs: Record<'partner' | 'legacy' | 'medicare' | 'alt', Json> = {} as never;

beforeAll(async () => {
  // validate() parses, dereferences and checks against the OpenAPI meta-schema.
  for (const name of ['partner', 'legacy', 'medicare', 'alt'] as const) {
    docs[name] = (await SwaggerParser.validate(SPECS[name])) as Json;
  }
});

describe('the OpenAPI documents validate with swagger-parser', () => {
  it.each([
    ['partner', '3.1.0'],
    ['legacy', '3.1.0'],
    ['medicare', '3.1.0'],
    ['alt', '3.0.3'],
  ] as const)('%s is OpenAPI %s', (name, version) => {
    expect(docs[name].openapi).toBe(version);
  });

  it('the /v1 document is interface version 0.1.0 (section 9)', () => {
    expect(docs.partner.info.version).toBe('0.1.0');
  });

  it('the defective fixture fails validation (dangling $ref)', async () => {
    await expect(SwaggerParser.validate(SPECS.defective)).rejects.toThrow(/CountyListThatDoesNotExist/);
  });

  it('the defective fixture also holds a schema ajv refuses to compile (type: 12)', async () => {
    const raw = (await SwaggerParser.parse(SPECS.defective)) as Json;
    expect(raw.openapi).toMatch(/^3\.1\./);
    const issuers = raw.paths['/v1/reference/issuers'].get.responses['200'].content['application/json'].schema;
    expect(() => newAjv().compile(issuers)).toThrow();
    // The untouched schemas stay compilable, so only the defective parts are unspecified.
    expect(() => newAjv().compile(raw.components.schemas.Ping)).not.toThrow();
  });
});

describe('operations and operationIds', () => {
  it('the /v1 document has exactly the operations of sections 4.1-4.15, each once, on its route', () => {
    expect(routesById(operationsOf(docs.partner.paths))).toEqual(PARTNER_ROUTES);
  });

  it('the provider-style document has the same paths and operationIds', () => {
    expect(routesById(operationsOf(docs.alt.paths))).toEqual(routesById(operationsOf(docs.partner.paths)));
  });

  it('the older ICHRA document has its seven operations and two webhook receivers (4.16)', () => {
    expect(routesById(operationsOf(docs.legacy.paths))).toEqual(tableRoutes((f) => f === 'legacy-ichra'));
    expect(Object.keys(docs.legacy.webhooks).sort()).toEqual(['policyStatus', 'submissionConfirmation']);
    expect(
      operationsOf(docs.legacy.webhooks)
        .map((o) => o.id)
        .sort(),
    ).toEqual(['policyStatus', 'submissionConfirmation']);
  });

  it('the Medicare document has updateContact only (4.17)', () => {
    expect(routesById(operationsOf(docs.medicare.paths))).toEqual(tableRoutes((f) => f === 'medicare'));
  });

  it.each(Object.entries(partnerStatuses()))('%s declares exactly the statuses of its section', (id, statuses) => {
    const op = operationsOf(docs.partner.paths).find((o) => o.id === id);
    expect(Object.keys(op?.op.responses ?? {}).sort()).toEqual([...statuses].sort());
  });
});

describe('security (section 5)', () => {
  it('the /v1 and older ICHRA APIs use x-api-key globally; Medicare uses X-API-Key', () => {
    for (const [doc, header] of [
      [docs.partner, 'x-api-key'],
      [docs.legacy, 'x-api-key'],
      [docs.medicare, 'X-API-Key'],
    ] as const) {
      const name = Object.keys(doc.security[0])[0];
      expect(doc.components.securitySchemes[name]).toMatchObject({ type: 'apiKey', in: 'header', name: header });
    }
  });
});

describe('responses are additive (sections 1, 9)', () => {
  it('the walker finds a nested closed object (so the check below can fail)', () => {
    const closed = {
      content: { 'application/json': { schema: { properties: { a: { additionalProperties: false } } } } },
    };
    expect(closedObjectsIn(closed)).toEqual(['/content/application/json/schema/properties/a/additionalProperties']);
  });

  it.each(['partner', 'legacy', 'medicare', 'alt'] as const)(
    'no response schema of %s forbids unknown members',
    (name) => {
      const closed = responsesOf(docs[name]).flatMap(([where, r]) => closedObjectsIn(r).map((p) => `${where}${p}`));
      expect(closed).toEqual([]);
    },
  );

  it.each(['partner', 'legacy', 'medicare'] as const)(
    'every schema of %s compiles with ajv in strict mode (draft 2020-12)',
    (name) => {
      const ajv = newAjv();
      const ops = [...operationsOf(docs[name].paths), ...operationsOf(docs[name].webhooks)];
      const schemas: Array<[string, unknown]> = [];
      for (const { route, op } of ops) {
        for (const p of op.parameters ?? []) schemas.push([`${route} ${p.name}`, p.schema]);
        for (const media of Object.values((op.requestBody?.content ?? {}) as Json))
          schemas.push([`${route} body`, media.schema]);
      }
      for (const [where, r] of responsesOf(docs[name])) {
        for (const media of Object.values((r.content ?? {}) as Json)) schemas.push([where, media.schema]);
        for (const [h, header] of Object.entries((r.headers ?? {}) as Json))
          schemas.push([`${where} ${h}`, header.schema]);
      }
      expect(schemas.length).toBeGreaterThan(ops.length);
      for (const [where, schema] of schemas) expect(() => ajv.compile((schema ?? {}) as object), where).not.toThrow();
    },
  );
});

describe('request and response schemas say the stated rules', () => {
  const schema = (name: string) => docs.partner.components.schemas[name] as Json;
  const context = {
    product: 'aca',
    exchange: 'on_exchange',
    coverage_family: 'medical',
    coverage_type: 'medical',
    plan_year: 2026,
    locale: 'en-US',
  };
  const session = (flow: string, extra: Json) => ({ context: { ...context, flow }, ...extra });

  it.each([
    ['self_service with location.state', session('self_service', { location: { state: 'TX' } }), true],
    ['self_service with plan_id only', session('self_service', { plan_id: 'p1' }), true],
    ['self_service with neither (2.6 rule 1)', session('self_service', { location: { zip_code: '75001' } }), false],
    ['agent_assisted with location.state', session('agent_assisted', { location: { state: 'TX' } }), true],
    ['agent_assisted without location.state (2.6 rule 2)', session('agent_assisted', { location: {} }), false],
    [
      'agent_assisted with plan_id (2.6 rule 3)',
      session('agent_assisted', { location: { state: 'TX' }, plan_id: 'p1' }),
      false,
    ],
    [
      'agent_assisted with campaign (2.6 rule 3)',
      session('agent_assisted', { location: { state: 'TX' }, campaign: {} }),
      false,
    ],
    [
      'a context missing locale',
      { context: { ...context, flow: 'self_service', locale: undefined }, plan_id: 'p' },
      false,
    ],
    ['self_service with campaign', session('self_service', { plan_id: 'p1', campaign: { utm_source: 'mail' } }), true],
    ['an unknown member', session('self_service', { plan_id: 'p1', coupon: 'x' }), false],
  ])('enrollment session: %s', (_title, body, valid) => {
    const json = JSON.parse(JSON.stringify(body));
    expect(newAjv().validate(schema('EnrollmentSessionRequest'), json)).toBe(valid);
  });

  const application = {
    context: { product: 'ichra', exchange: 'off_exchange', plan_year: 2026 },
    external_id: 'e1',
    plan_hios_id: '12345TX0010001',
    applicants: { primary: { first_name: 'Ada', last_name: 'Lane', date_of_birth: '1990-01-31', gender: 'female' } },
    residential_address: { street_address_1: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' },
  };

  it.each([
    ['a complete application', {}, true],
    ['_agent_id', { _agent_id: 'a' }, false],
    ['tpa_slug', { tpa_slug: 't' }, false],
    ['agent_of_record', { agent_of_record: { first_name: 'x' } }, false],
    ['actor.agent_id', { actor: { agent_id: 'a' } }, false],
    ['no primary applicant', { applicants: {} }, false],
  ])('create enrollment: %s', (_title, extra, valid) => {
    expect(newAjv().validate(schema('EnrollmentRequest'), { ...application, ...extra })).toBe(valid);
  });

  it(
    'error envelopes: unified (details maps a field to messages) and direct-enrollment (at least one entry); extra ' +
      'members allowed',
    () => {
      const ajv = newAjv();
      expect(ajv.validate(schema('ErrorResponse'), { error: { code: 'x', message: 'm', extra: 1 }, trace: 't' })).toBe(
        true,
      );
      expect(
        ajv.validate(schema('ErrorResponse'), {
          error: { code: 'x', message: 'm', details: { state: ['is required'] } },
        }),
      ).toBe(true);
      expect(
        ajv.validate(schema('ErrorResponse'), {
          error: { code: 'x', message: 'm', details: { state: 'is required' } },
        }),
      ).toBe(false);
      expect(ajv.validate(schema('ErrorResponse'), { errors: [{ code: 'x', message: 'm' }] })).toBe(false);
      expect(
        ajv.validate(schema('EnrollmentErrorsResponse'), { errors: [{ code: 'x', message: 'm', field: 'f' }] }),
      ).toBe(true);
      expect(ajv.validate(schema('EnrollmentErrorsResponse'), { errors: [] })).toBe(false);
    },
  );

  it('Medicare dates are MM/DD/YYYY and the response contact omits notes (2.9)', () => {
    const ajv = newAjv();
    const m = docs.medicare.components.schemas as Json;
    expect(ajv.validate(m.ContactUpdateRequest, { agent_email: 'a@b.co', contact: { birth_date: '01/31/1950' } })).toBe(
      true,
    );
    expect(ajv.validate(m.ContactUpdateRequest, { agent_email: 'a@b.co', contact: { birth_date: '1950-01-31' } })).toBe(
      false,
    );
    expect(ajv.validate(m.ContactUpdateRequest, { contact: {} })).toBe(false);
    expect(ajv.validate(m.ContactOutput, { id: 1, slug: 's', notes: [] })).toBe(false);
    expect(ajv.validate(m.ContactOutput, { id: 1, slug: 's', unknown_member: true })).toBe(true);
  });
});

describe('target-profile schema', () => {
  const schema = JSON.parse(readFileSync(PROFILE_SCHEMA, 'utf8')) as Json;
  const valid = {
    name: 'reference',
    baseUrl: 'http://127.0.0.1:8080',
    legacyBaseUrl: 'http://127.0.0.1:8080',
    medicareBaseUrl: 'http://127.0.0.1:8080',
    readOnly: false,
    requestTimeoutMs: 10000,
    asyncTimeoutMs: 5000,
    keys: {
      approved: { env: 'PARTNER_KEY_APPROVED', tier: 'high' },
      tierLow: { env: 'PARTNER_KEY_TIER_LOW', tier: 'low' },
      medicare: { env: 'PARTNER_KEY_MEDICARE', tier: 'high' },
    },
    fixtures: { zipCode: '75001', planYear: 2026, state: 'TX', paymentFieldKeys: ['a', 'b'] },
  };
  const check = (profile: unknown) => {
    const ajv = newAjv();
    return ajv.validate(schema, profile);
  };

  it('compiles (draft 2020-12) and every member is documented', () => {
    expect(() => newAjv().compile(schema)).not.toThrow();
    for (const [name, member] of Object.entries(schema.properties as Json)) {
      expect(typeof member.description, name).toBe('string');
    }
  });

  it('accepts a valid profile', () => {
    expect(check(valid)).toBe(true);
  });

  it.each([
    [
      'a key value',
      { ...valid, keys: { approved: { env: 'PARTNER_KEY_APPROVED', tier: 'high', value: 'sk_live_1' } } },
    ],
    [
      'a key given as `key`',
      { ...valid, keys: { approved: { env: 'PARTNER_KEY_APPROVED', tier: 'high', key: 'sk_live_1' } } },
    ],
    ['an env name that is not a variable name', { ...valid, keys: { approved: { env: 'sk-live-1', tier: 'high' } } }],
    ['an unknown tier', { ...valid, keys: { approved: { env: 'PARTNER_KEY_APPROVED', tier: 'turbo' } } }],
    ['no baseUrl', { ...valid, baseUrl: undefined }],
    ['a non-http baseUrl', { ...valid, baseUrl: 'ftp://example.com' }],
    ['an object fixture', { ...valid, fixtures: { zipCode: { value: '75001' } } }],
    ['a fixture not in the vocabulary', { ...valid, fixtures: { zipcode: '75001' } }],
    ['a fixture value not of its format', { ...valid, fixtures: { state: 'Kentucky' } }],
    ['a plan year in words', { ...valid, fixtures: { policyPlanYear: 'twenty-six' } }],
    ['a key role not in the vocabulary', { ...valid, keys: { unaproved: { env: 'PARTNER_KEY_U', tier: 'low' } } }],
    ['an unknown member (typo)', { ...valid, baseURL: 'http://127.0.0.1:8080' }],
  ])('rejects %s', (_title, profile) => {
    expect(check(JSON.parse(JSON.stringify(profile)))).toBe(false);
  });
});
