/** The test validator picks the response a status maps to, in each of the four documents. */
import { describe, expect, it } from 'vitest';
import { conformanceProblems, loadSpecValidator, responseKeyFor, withoutDanglingRefs } from './validate.js';

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
  it(
    'checks a getEnrollment success against the Enrollment schema of 2XX, not the error ' + 'schema of default',
    async () => {
      const spec = await loadSpecValidator();
      // An errors[] list alone satisfies the error envelope; the enum of policy_status is only in Enrollment.
      expect(spec.validate('getEnrollment', 200, { errors: [], policy_status: 'submitted' }).join()).toMatch(
        /policy_status/,
      );
      expect(spec.validate('getEnrollment', 200, { errors: [], policy_status: 'draft' })).toEqual([]);
    },
  );

  it('checks older ICHRA responses against legacy-ichra.yaml', async () => {
    const legacy = await loadSpecValidator('legacy-ichra');
    expect(legacy.operationFor('POST', '/aptc_estimates')).toBe('legacyCreateAptcEstimate');
    expect(
      await conformanceProblems('GET', '/api/v1/plans/12345CA0010001', 403, {
        error: { code: 'unauthorized', message: 'x' },
      }),
    ).not.toEqual([]);
    expect(
      await conformanceProblems('GET', '/api/v1/plans/12345CA0010001', 403, {
        error: { code: 'forbidden', message: 'x' },
      }),
    ).toEqual([]);
  });

  it('checks Medicare responses against medicare.yaml', async () => {
    const contact = { id: 'ct_1', slug: 's', extra_help: false };
    expect(
      await conformanceProblems('PATCH', '/v1/contacts/ct_1', 200, {
        data: { contact, redirect_url: 'https://x.example/c' },
      }),
    ).toEqual([]);
    const wrong = await conformanceProblems('PATCH', '/v1/contacts/ct_1', 200, {
      data: { contact: { ...contact, extra_help: 'false' }, redirect_url: 'https://x.example/c' },
    });
    expect(wrong.join()).toMatch(/medicare\.yaml.*extra_help/);
  });

  it('leaves paths no document describes alone', async () => {
    expect(await conformanceProblems('GET', '/v1/nope', 404, { error: { code: 'not_found', message: 'x' } })).toEqual(
      [],
    );
    expect(await conformanceProblems('GET', '/v2/unknown', 200, 'anything')).toEqual([]);
  });
});

describe("validation against the provider's document", () => {
  it('describes the 17 /v1 operations, the dangling 401 reference read as an unspecified response', async () => {
    const provider = await loadSpecValidator('provider');
    expect(provider.operationFor('POST', '/v1/enrollments/abc/cancellations')).toBe('cancelEnrollmentApplication');
    expect(provider.validate('createEnrollmentSession', 401, 'anything')).toEqual([]);
    expect(
      provider.validate('createEnrollment', 415, { error: { code: 'unsupported_media_type', message: 'x' } }),
    ).toEqual(['status 415 is not documented for createEnrollment']);
  });

  it('replaces only references the document does not define', () => {
    const doc = {
      components: { schemas: { A: { type: 'string' } } },
      x: { $ref: '#/components/schemas/A' },
      y: { $ref: '#/components/responses/Missing' },
    };
    const fixed = withoutDanglingRefs(doc) as typeof doc;
    expect(fixed.x).toEqual({ $ref: '#/components/schemas/A' });
    expect(fixed.y).toEqual({ description: expect.stringContaining('#/components/responses/Missing') });
  });

  it(
    "holds /v1 answers to the provider's shapes: details a map of arrays, next_actions[].rel, " + 'list pagination',
    async () => {
      const details = await conformanceProblems('GET', '/v1/reference/counties', 400, {
        error: { code: 'invalid_request', message: 'x', details: { field: 'zip_code' } },
      });
      expect(details.join()).toMatch(/provider\/openapi\.json: listCounties 400 .*details\/field must be array/);
      expect(
        await conformanceProblems('GET', '/v1/reference/counties', 400, {
          error: { code: 'invalid_request', message: 'x', details: { zip_code: ['must be 5 digits'] } },
        }),
      ).toEqual([]);
      const action = { rel: 'submit', href: '/v1/enrollments/a/submissions', method: 'POST' };
      expect(
        await conformanceProblems('GET', '/v1/enrollments/a', 200, { application_id: 'a', next_actions: [action] }),
      ).toEqual([]);
      expect(
        (
          await conformanceProblems('GET', '/v1/enrollments/a', 200, {
            application_id: 'a',
            next_actions: [{ ...action, rel: 'submission' }],
          })
        ).join(),
      ).toMatch(/provider.*next_actions\/0\/rel/);
      expect((await conformanceProblems('GET', '/v1/enrollments', 200, { enrollments: [], meta: {} })).join()).toMatch(
        /provider.*must have required property 'applications'/,
      );
    },
  );
});
