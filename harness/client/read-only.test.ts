import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadOnlyViolation } from '../errors.js';
import { collectOperations } from '../contract/operations.js';
import { sideEffectGetsOf } from '../target.js';
import { createClient } from './client.js';
import { RateBudgets } from './rate-budget.js';
import { okJson, profileFor, startServer, testEnv, type TestServer } from './test-server.js';
import type { ApiRequest } from './types.js';

const SIDE_EFFECT_GETS = ['/v1/enrollments/{enrollment_id}/payment_redirect', '/api/v1/things/:id/touch'];

// The server records every method and path it receives: refused requests must never arrive.
let server: TestServer;
beforeAll(async () => {
  server = await startServer(okJson);
});
afterAll(() => server.close());

const refused: ApiRequest[] = [
  { method: 'POST', path: '/v1/quotes', json: {} },
  { method: 'PUT', path: '/v1/enrollments/e1', json: {} },
  { method: 'PATCH', path: '/v1/contacts/c1', api: 'medicare', role: 'medicare', json: {} },
  { method: 'DELETE', path: '/v1/enrollments/e1' },
  { method: 'GET', path: '/v1/enrollments/e1/payment_redirect', query: { product: 'ichra' } },
  { method: 'GET', path: '/v1/enrollments/e1/payment_redirect/' },
  { method: 'GET', path: '/v1/enrollments/x/../e1/payment_redirect' },
  { method: 'GET', path: '/v1//enrollments/e1/payment_redirect' },
  { method: 'GET', path: '/api/v1/things/7/touch', api: 'legacy' },
];

describe('read-only runs refuse requests with side effects before sending', () => {
  it.each(refused.map((r) => [`${r.method} ${r.path}`, r] as const))('refuses %s', async (_name, req) => {
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'ro',
      env: testEnv,
      readOnly: true,
      sideEffectGets: SIDE_EFFECT_GETS,
      budgets: new RateBudgets(),
    });
    const before = server.received.length;
    await expect(c.send(req)).rejects.toBeInstanceOf(ReadOnlyViolation);
    await c.close();
    expect(server.received.length).toBe(before);
    expect(c.exchanges()).toEqual([]);
    expect(c.requestCount()).toBe(0);
  });

  it('lets plain GETs through, and the server saw nothing but them', async () => {
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'ro',
      env: testEnv,
      readOnly: true,
      sideEffectGets: SIDE_EFFECT_GETS,
      budgets: new RateBudgets(),
    });
    const ex = await c.send({ method: 'GET', path: '/v1/enrollments/e1' });
    const refusedNow = await c.send({ method: 'POST', path: '/v1/quotes', json: {} }).catch((e: unknown) => e);
    await c.close();
    expect(ex.response?.status).toBe(200);
    expect(refusedNow).toBeInstanceOf(ReadOnlyViolation);
    expect(c.requestCount()).toBe(1);
    expect(server.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/enrollments/e1']);
  });

  it('is switched on by the profile readOnly flag alone', async () => {
    const c = createClient({
      profile: profileFor(server.url, { readOnly: true }),
      runId: 'ro',
      env: testEnv,
      readOnly: false,
      budgets: new RateBudgets(),
    });
    await expect(c.send({ method: 'POST', path: '/v1/quotes', json: {} })).rejects.toMatchObject({
      code: 'E_READ_ONLY',
    });
    await c.close();
    expect(server.received.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('sends writes when the run is not read-only', async () => {
    const c = createClient({ profile: profileFor(server.url), runId: 'rw', env: testEnv, budgets: new RateBudgets() });
    const ex = await c.send({ method: 'POST', path: '/v1/quotes', json: {} });
    await c.close();
    expect(ex.response?.status).toBe(200);
    expect(server.received.at(-1)?.method).toBe('POST');
  });
});

describe('GETs with side effects come from the loaded documents', () => {
  it('an operation marked x-side-effects is refused in a read-only run; its neighbours are not', async () => {
    const document = {
      openapi: '3.1.0',
      paths: {
        '/v1/things/{id}/touch': {
          get: { operationId: 'touchThing', 'x-side-effects': true, responses: { 200: { description: 'ok' } } },
        },
        '/v1/things/{id}': { get: { operationId: 'getThing', responses: { 200: { description: 'ok' } } } },
      },
    };
    const sideEffectGets = sideEffectGetsOf([{ operations: collectOperations(document) }]);
    expect(sideEffectGets).toEqual(['/v1/things/{id}/touch']);
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'ro',
      env: testEnv,
      readOnly: true,
      sideEffectGets,
      budgets: new RateBudgets(),
    });
    const before = server.received.length;
    await expect(c.send({ method: 'GET', path: '/v1/things/7/touch' })).rejects.toBeInstanceOf(ReadOnlyViolation);
    const plain = await c.send({ method: 'GET', path: '/v1/things/7' });
    await c.close();
    expect(plain.response?.status).toBe(200);
    expect(server.received.slice(before).map((r) => r.url)).toEqual(['/v1/things/7']);
  });
});

describe('a side-effect-free write the profile opts in to is the one write a read-only run sends', () => {
  const allowedWrites = ['POST /v1/quotes'];
  const readOnlyClient = (url: string, overrides = {}) =>
    createClient({
      profile: profileFor(url, overrides),
      runId: 'ro-quotes',
      env: testEnv,
      readOnly: true,
      sideEffectGets: SIDE_EFFECT_GETS,
      allowedWrites,
      budgets: new RateBudgets(),
    });

  it('sends POST /v1/quotes, under the base URL prefix too', async () => {
    const c = readOnlyClient(`${server.url}/partner-api`);
    const before = server.received.length;
    const ex = await c.send({ method: 'POST', path: '/v1/quotes', json: {} });
    await c.close();
    expect(ex.response?.status).toBe(200);
    expect(server.received.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /partner-api/v1/quotes']);
  });

  // Every other write, and the quote path bent to reach another route, stays refused before it leaves.
  const stillRefused: ApiRequest[] = [
    ...refused.filter((r) => !(r.method === 'POST' && r.path === '/v1/quotes')),
    { method: 'POST', path: '/v1/enrollments', json: {} },
    { method: 'POST', path: '/v1/enrollment-sessions', json: {} },
    { method: 'PUT', path: '/v1/quotes', json: {} },
    { method: 'POST', path: '/v1/quotes/../enrollments', json: {} },
    { method: 'POST', path: '/v1//quotes', json: {} },
    { method: 'POST', path: '/v1/quotes/', json: {} },
    { method: 'POST', path: '/v1/quotes/extra', json: {} },
    { method: 'POST', path: '/v1/quotesx', json: {} },
    { method: 'POST', path: '/v1/enrollments/x/v1/quotes', json: {} },
    { method: 'POST', path: '/api/v1/quotes', api: 'legacy', json: {} },
  ];

  it.each(stillRefused.map((r) => [`${r.method} ${r.path}`, r] as const))('still refuses %s', async (_name, req) => {
    const c = readOnlyClient(server.url);
    const before = server.received.length;
    await expect(c.send(req)).rejects.toBeInstanceOf(ReadOnlyViolation);
    await c.close();
    expect(server.received.length).toBe(before);
    expect(c.requestCount()).toBe(0);
  });

  it('refuses POST /v1/quotes when the profile has not opted in', async () => {
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'ro',
      env: testEnv,
      readOnly: true,
      budgets: new RateBudgets(),
    });
    await expect(c.send({ method: 'POST', path: '/v1/quotes', json: {} })).rejects.toBeInstanceOf(ReadOnlyViolation);
    await c.close();
  });
});
