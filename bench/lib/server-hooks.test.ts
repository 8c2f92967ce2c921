/** The reference-server hooks the benchmark relies on: the request counter and the approved key's tier. */
import { afterEach, describe, expect, it } from 'vitest';
import { referenceKeyEnv, startReferenceServer, type ReferenceServer } from '../../reference/server.js';

let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pings = async (url: string, n: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++)
    statuses.push(
      (await fetch(`${url}/v1/ping`, { headers: { 'x-api-key': referenceKeyEnv().PARTNER_KEY_APPROVED! } })).status,
    );
  return statuses;
};

describe('startReferenceServer hooks', () => {
  it('counts every request it receives', async () => {
    let count = 0;
    server = await startReferenceServer({ onRequest: () => void count++ });
    await pings(server.url, 3);
    expect(count).toBe(3);
  });

  it('sizes the approved key by approvedTier: at tier low the third request of a burst gets 429', async () => {
    server = await startReferenceServer({ approvedTier: 'low' });
    expect(await pings(server.url, 3)).toEqual([200, 200, 429]);
  });

  it('keeps the approved key at its own tier (high) without approvedTier', async () => {
    server = await startReferenceServer();
    expect(await pings(server.url, 3)).toEqual([200, 200, 200]);
  });
});
