import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../probe/client.js';
import { steppingClock } from '../probe/fixtures.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock() });
  call = client(server.url);
});
afterAll(() => server.close());

it('answers ping with {environment, ok: true} for any valid key, approved or not', async () => {
  for (const role of ['approved', 'unapproved', 'medicare']) {
    const res = await call('GET', '/v1/ping', { role });
    expect(res.body).toEqual({ environment: 'sandbox', ok: true });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  }
});
