/**
 * Schemas and operations copied from the contract (specs/partner-api.yaml, dereferenced), so
 * the generators' own tests run without loading the document.
 */
import type { Operation, Schema } from '../types.js';

const zipCodeQuery = {
  name: 'zip_code',
  in: 'query',
  required: true,
  schema: { type: 'string', pattern: '^[0-9]{5}$' },
} as const;
const limit = {
  name: 'limit',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
} as const;
const offset = {
  name: 'offset',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 0, default: 0 },
} as const;

export const listIssuers: Operation = {
  operationId: 'listIssuers',
  method: 'GET',
  path: '/v1/reference/issuers',
  parameters: [
    {
      name: 'state',
      in: 'query',
      required: true,
      description: 'Two uppercase letters; lowercase is rejected with `400 invalid_request`.',
      schema: { type: 'string', pattern: '^[A-Z]{2}$' },
    },
    { name: 'plan_year', in: 'query', required: false, schema: { type: 'integer', minimum: 2020, maximum: 2099 } },
  ],
};

export const searchProviders: Operation = {
  operationId: 'searchProviders',
  method: 'GET',
  path: '/v1/reference/providers',
  parameters: [
    { name: 'query', in: 'query', required: true, schema: { type: 'string', minLength: 1 } },
    zipCodeQuery,
    {
      name: 'exchange',
      in: 'query',
      required: true,
      schema: { type: 'string', enum: ['on_exchange', 'off_exchange'] },
    },
    {
      name: 'page[number]',
      in: 'query',
      required: false,
      description: 'Values below 1 are accepted and treated as 1.',
      schema: { type: 'integer', minimum: 1, default: 1 },
    },
    {
      name: 'page[size]',
      in: 'query',
      required: false,
      description: 'Out-of-range values are accepted and resolve to 50.',
      schema: { type: 'integer', minimum: 1, maximum: 50, default: 50 },
    },
  ],
};

export const listPolicyStatusApplications: Operation = {
  operationId: 'listPolicyStatusApplications',
  method: 'GET',
  path: '/v1/policy-status/applications',
  parameters: [
    { name: 'exchange', in: 'query', required: true, schema: { type: 'string', enum: ['on_exchange'] } },
    { name: 'plan_year', in: 'query', required: true, schema: { type: 'integer' } },
    limit,
    offset,
  ],
};

export const getPolicyStatusApplication: Operation = {
  operationId: 'getPolicyStatusApplication',
  method: 'GET',
  path: '/v1/policy-status/applications/{confirmation_id}',
  parameters: [
    { name: 'confirmation_id', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'exchange', in: 'query', required: true, schema: { type: 'string', enum: ['on_exchange'] } },
    { name: 'plan_year', in: 'query', required: true, schema: { type: 'integer' } },
  ],
};

const location = {
  type: 'object',
  properties: { zip_code: { type: 'string' }, fips_code: { type: 'string' }, state: { type: 'string' } },
};
const flowIs = (flow: string) => ({
  required: ['context'],
  properties: { context: { required: ['flow'], properties: { flow: { const: flow } } } },
});
const hasState = {
  required: ['location'],
  properties: { location: { required: ['state'], properties: { state: { type: 'string' } } } },
};

/** EnrollmentSessionRequest with the conditional rules of 2.6 (if/then, anyOf, not). */
export const enrollmentSessionBody: Schema = {
  type: 'object',
  required: ['context'],
  properties: {
    external_id: { type: 'string' },
    context: {
      type: 'object',
      required: ['product', 'exchange', 'coverage_family', 'coverage_type', 'plan_year', 'flow', 'locale'],
      properties: {
        product: { type: 'string' },
        exchange: { type: 'string' },
        coverage_family: { type: 'string' },
        coverage_type: { type: 'string' },
        plan_year: { type: 'integer' },
        flow: { type: 'string', enum: ['agent_assisted', 'self_service'] },
        locale: { type: 'string' },
      },
    },
    plan_id: { type: 'string' },
    campaign: { type: 'object' },
    providers: { description: 'Shape not shown.' },
    location,
    household: {
      type: 'object',
      properties: {
        annual_income: { type: 'number' },
        household_size: { type: 'integer' },
        applicants: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              first_name: { type: 'string' },
              date_of_birth: { type: 'string', format: 'date' },
              uses_tobacco: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
  allOf: [
    {
      if: flowIs('self_service'),
      then: { anyOf: [hasState, { required: ['plan_id'], properties: { plan_id: true } }] },
    },
    {
      if: flowIs('agent_assisted'),
      then: {
        ...hasState,
        not: {
          anyOf: [
            { required: ['plan_id'], properties: { plan_id: true } },
            { required: ['campaign'], properties: { campaign: true } },
          ],
        },
      },
    },
  ],
};

export const createEnrollmentSession: Operation = {
  operationId: 'createEnrollmentSession',
  method: 'POST',
  path: '/v1/enrollment-sessions',
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_-]{1,255}$' },
    },
  ],
  requestBody: { required: true, content: { 'application/json': { schema: enrollmentSessionBody } } },
};

const directContext = {
  type: 'object',
  properties: {
    product: { type: 'string', enum: ['ichra'] },
    exchange: { type: 'string', enum: ['off_exchange'] },
    plan_year: { type: 'integer', minimum: 2020, maximum: 2099 },
  },
};

/** EnrollmentCreateRequest: rejected members as `not: {}` and as a root `not` rule. */
export const createEnrollmentBody: Schema = {
  type: 'object',
  required: ['context', 'plan_hios_id', 'applicants'],
  properties: {
    context: { ...directContext, required: ['product', 'exchange', 'plan_year'] },
    external_id: { type: 'string' },
    plan_hios_id: { type: 'string', pattern: '^[0-9]{5}[A-Z]{2}[0-9]{7}$' },
    desired_effective_date: { type: 'string', format: 'date' },
    applicants: {
      type: 'object',
      required: ['primary'],
      properties: {
        primary: {
          type: 'object',
          required: ['first_name', 'email'],
          properties: {
            first_name: { type: 'string', minLength: 1, maxLength: 40 },
            email: { type: 'string', format: 'email' },
            date_of_birth: { type: 'string', format: 'date' },
          },
        },
      },
    },
    residential_address: {
      type: 'object',
      properties: {
        state: { type: 'string', pattern: '^[A-Z]{2}$' },
        zip_code: { type: 'string', pattern: '^[0-9]{5}$' },
      },
    },
    _agent_id: { not: {} },
    actor: { properties: { agent_id: { not: {} } } },
  },
  not: { anyOf: [{ required: ['tpa_slug'] }, { required: ['agent_of_record'] }] },
  additionalProperties: true,
};

export const createEnrollment: Operation = {
  operationId: 'createEnrollment',
  method: 'POST',
  path: '/v1/enrollments',
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,255}$' },
    },
  ],
  requestBody: { required: true, content: { 'application/json': { schema: createEnrollmentBody } } },
};

/** Keywords the generators support beyond the contract's: 3.0 nullable, oneOf, formats, ranges. */
export const keywordSample: Schema = {
  type: 'object',
  required: ['id', 'amount', 'kind', 'tags', 'when'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    amount: { type: 'number', minimum: 0, exclusiveMaximum: 1000, multipleOf: 0.5 },
    kind: {
      oneOf: [
        { type: 'string', enum: ['a', 'b'] },
        { type: 'integer', minimum: 10, maximum: 20 },
      ],
    },
    tags: {
      type: 'array',
      items: { type: 'string', minLength: 2, maxLength: 4 },
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    },
    when: { type: 'string', format: 'date-time' },
    site: { type: 'string', format: 'uri' },
    note: { type: 'string', nullable: true, maxLength: 8 },
    code: { allOf: [{ type: 'string', minLength: 3 }, { maxLength: 5 }, { pattern: '^[a-z]+$' }] },
    extra: { type: 'object', additionalProperties: { type: 'integer' } },
  },
};
