import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, routedValidator, type Contract } from './index.js';

let ours: Contract;
let things: Contract;
beforeAll(async () => {
  [ours, things] = await Promise.all([
    loadContract('specs/partner-api.yaml'),
    loadContract(new URL('./fixtures/things-3.0.yaml', import.meta.url).pathname),
  ]);
});

const ping = { method: 'GET', url: 'http://127.0.0.1:8080/v1/ping?x=1' };

describe('an operationId the document does not have', () => {
  it("is found by the request's method and URL, so a wrong body still fails", () => {
    expect(
      ours.validateResponse('healthCheck', 200, 'application/json', { environment: 'sandbox', ok: true }, ping),
    ).toEqual({ kind: 'valid' });
    expect(
      ours.validateResponse('healthCheck', 200, 'application/json', { environment: 'sandbox', ok: 'yes' }, ping).kind,
    ).toBe('invalid');
    expect(ours.validateResponse('healthCheck', 418, 'application/json', {}, ping).kind).toBe('undocumented-status');
    expect(ours.validateHeaders('healthCheck', 429, { 'retry-after': 'soon' }, ping).kind).toBe('invalid');
  });

  it('is unspecified only when no route matches either, and says which request', () => {
    expect(ours.validateResponse('healthCheck', 200, 'application/json', {}).kind).toBe('unspecified');
    expect(
      ours.validateResponse('healthCheck', 200, 'application/json', {}, { method: 'DELETE', url: '/v1/ping' }),
    ).toEqual({
      kind: 'unspecified',
      reason: 'the contract has no operation healthCheck and no operation matches DELETE /v1/ping',
    });
  });

  it('the operationId wins over the route when the document has it', () => {
    // A ping body sent to the getEnrollment route, validated as ping: the id is the check's word.
    expect(
      ours.validateResponse(
        'ping',
        200,
        'application/json',
        { environment: 'x', ok: true },
        { method: 'GET', url: '/v1/enrollments/e1' },
      ),
    ).toEqual({ kind: 'valid' });
  });
});

describe('a validator over several documents', () => {
  it('routes by operationId first, then by method and URL, then to the first document', () => {
    const validate = routedValidator(things, [ours]);
    expect(validate('ping', 200, 'application/json', { environment: 'x', ok: 'yes' }).kind).toBe('invalid');
    expect(validate('renamedPing', 200, 'application/json', { environment: 'x', ok: 'yes' }, ping).kind).toBe(
      'invalid',
    );
    expect(validate('renamedPing', 200, 'application/json', { environment: 'x', ok: true }, ping)).toEqual({
      kind: 'valid',
    });
    expect(validate('renamedPing', 200, 'application/json', {}).kind).toBe('unspecified');
  });
});
