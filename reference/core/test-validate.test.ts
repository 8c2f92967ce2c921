/** The test validator picks the response a status maps to, in each of the three documents. */
import { describe, expect, it } from 'vitest';
import { conformanceProblems, loadSpecValidator, responseKeyFor } from './test-validate.js';

describe('responseKeyFor', () => {
  const responses = { '200': {}, '2XX': {}, '4xx': {}, '403': {}, default: {} };
  it.each([
    [200, '200'],
    [201, '2XX'],
    [403, '403'],
    [404, '4xx'],
    [500, 'default'],
  ])('maps %i to %s (exact, then range, then default)', (status, key) => {
    expect(responseKeyFor(responses, status)).toBe(key);
  });

  it('has no key for an undocumented status without default', () => {
    expect(responseKeyFor({ '200': {} }, 500)).toBeUndefined();
  });
});

describe('validation against the documented response', () => {
  it('checks a getEnrollment success against the Enrollment schema of 2XX, not the error schema of default', async () => {
    const spec = await loadSpecValidator();
    // An errors[] list alone satisfies the error envelope; the enum of policy_status is only in Enrollment.
    expect(spec.validate('getEnrollment', 200, { errors: [], policy_status: 'submitted' }).join()).toMatch(/policy_status/);
    expect(spec.validate('getEnrollment', 200, { errors: [], policy_status: 'draft' })).toEqual([]);
  });

  it('checks older ICHRA responses against legacy-ichra.yaml', async () => {
    const legacy = await loadSpecValidator('legacy-ichra');
    expect(legacy.operationFor('POST', '/aptc_estimates')).toBe('legacyCreateAptcEstimate');
    expect(await conformanceProblems('GET', '/api/v1/plans/12345CA0010001', 403, { error: { code: 'unauthorized', message: 'x' } })).not.toEqual([]);
    expect(await conformanceProblems('GET', '/api/v1/plans/12345CA0010001', 403, { error: { code: 'forbidden', message: 'x' } })).toEqual([]);
  });

  it('checks Medicare responses against medicare.yaml', async () => {
    const contact = { id: 'ct_1', slug: 's', extra_help: false };
    expect(await conformanceProblems('PATCH', '/v1/contacts/ct_1', 200, { data: { contact, redirect_url: 'https://x.example/c' } })).toEqual([]);
    const wrong = await conformanceProblems('PATCH', '/v1/contacts/ct_1', 200, { data: { contact: { ...contact, extra_help: 'false' }, redirect_url: 'https://x.example/c' } });
    expect(wrong.join()).toMatch(/medicare\.yaml.*extra_help/);
  });

  it('leaves paths no document describes alone', async () => {
    expect(await conformanceProblems('GET', '/v2/unknown', 200, 'anything')).toEqual([]);
  });
});
