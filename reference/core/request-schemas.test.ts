/** The provider's request schemas as the sandbox applies them. */
import { describe, expect, it } from 'vitest';
import { dottedPath, RELAXED, requestProblems, type RequestSchema } from './request-schemas.js';

describe("request schemas of the provider's document", () => {
  it('writes instance pointers as dotted paths with indexes', () => {
    expect(dottedPath('/household/applicants/0', 'relationship')).toBe('household.applicants[0].relationship');
    expect(dottedPath('', 'context')).toBe('context');
    expect(dottedPath('')).toBe('body');
  });

  it("names each member a body gets wrong, with the document's rule in a sentence", () => {
    const problems = requestProblems('EnrollmentSessionRequest', {
      context: { product: 'aca' },
      campaign: { source: 'x' },
    });
    expect(problems.map((p) => p.field)).toEqual([
      'context.exchange',
      'context.coverage_family',
      'context.coverage_type',
      'context.plan_year',
      'context.flow',
      'context.locale',
      'campaign.source',
    ]);
    expect(problems[0]!.message).toBe('context.exchange is required.');
    expect(requestProblems('EnrollmentActionContext', { product: 'ichra', exchange: 'on_exchange' })).toEqual([
      { field: 'exchange', message: 'exchange must be one of "off_exchange".' },
    ]);
  });

  it('relaxes only what the contract rules instead (readiness, agent members, document format and type)', () => {
    expect(RELAXED.length).toBe(5);
    const body = {
      context: { product: 'ichra', exchange: 'off_exchange', plan_year: 2026 },
      plan_hios_id: '12345CA0010001',
      applicants: { primary: { first_name: 'A' } },
      residential_address: { street_address_1: '1 Main', city: 'X', state: 'CA', zip_code: '95814' },
      _agent_id: 'a',
    };
    expect(requestProblems('EnrollmentRequest', body)).toEqual([]);
    expect(
      requestProblems('EnrollmentRequest', {
        ...body,
        applicants: { primary: { first_name: 'A', gender: 'other' } },
      }).map((p) => p.field),
    ).toEqual(['applicants.primary.gender']);
  });

  it.each<RequestSchema>([
    'EnrollmentSessionRequest',
    'EnrollmentRequest',
    'EnrollmentUpdateRequest',
    'EnrollmentActionContextRequest',
    'SubmitRequest',
    'SupportingDocumentationRequest',
  ])('%s refuses a body that is not an object', (schema) => {
    expect(requestProblems(schema, [])).toEqual([{ field: 'body', message: 'body must be of type object.' }]);
  });
});
