import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type Contract } from './index.js';

let ours: Contract;
let things: Contract;
beforeAll(async () => {
  ours = await loadContract('specs/partner-api.yaml');
  things = await loadContract(new URL('./fixtures/things-3.0.yaml', import.meta.url).pathname);
});

describe('matching a concrete request to its operation', () => {
  it.each([
    ['GET', '/v1/ping', 'ping'],
    ['GET', '/v1/enrollments/', 'listEnrollments'],
    ['GET', '/v1/reference/counties?zip_code=12345', 'listCounties'],
    ['GET', '/v1/enrollments', 'listEnrollments'],
    ['POST', '/v1/enrollments', 'createEnrollment'],
    ['GET', '/v1/enrollments/abc', 'getEnrollment'],
    ['put', '/v1/enrollments/abc', 'updateEnrollment'],
    ['POST', '/v1/enrollments/enr_1/submissions', 'submitEnrollmentApplication'],
    ['GET', '/v1/enrollments/enr_1/payment_redirect', 'getEnrollmentPaymentRedirect'],
    ['GET', '/v1/policy-status/applications/CONF-9', 'getPolicyStatusApplication'],
    ['GET', 'http://127.0.0.1:8080/v1/enrollments/x?product=ichra', 'getEnrollment'],
  ])('%s %s → %s', (method, path, id) => {
    expect(ours.match(method, path)?.operationId).toBe(id);
  });

  it.each([
    ['DELETE', '/v1/enrollments/abc'],
    ['GET', '/v1/enrollments/abc/unknown'],
    ['POST', '/v1/enrollments//submissions'],
    ['GET', '/v2/ping'],
  ])('%s %s matches nothing', (method, path) => {
    expect(ours.match(method, path)).toBeUndefined();
  });

  it('prefers a literal segment over a template', () => {
    expect(things.match('GET', '/things/search')?.operationId).toBe('searchThings');
    expect(things.match('GET', '/things/t_9')?.operationId).toBe('getThing');
  });

  it('accepts paths with or without the server path prefix', () => {
    expect(things.match('GET', '/v1/things/t_9')?.operationId).toBe('getThing');
    expect(things.match('POST', '/v1/things/t_9/parts')?.operationId).toBe('createPart');
    expect(things.match('GET', '/v2/things/t_9')).toBeUndefined();
  });
});
