/**
 * Sample requests of the older ICHRA interface (the contract's APTC sample and a complete
 * application) and a local webhook receiver, shared by tests and examples.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const APTC_SAMPLE = {
  zip_code: '95814',
  fip_code: '06067',
  household_income: 42_000,
  plan_year: 2026,
  applicants: [
    { age: 40, relationship: 'self', smoker: false },
    { age: 38, relationship: 'spouse', smoker: true },
  ],
};
export const APPLICATION = {
  plan_hios_id: '12345CA0010001',
  external_id: 'legacy-1',
  effective_date: '2026-02-01',
  applicants: [{ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', relationship: 'self' }],
};

/** A webhook receiver on 127.0.0.1 that records the JSON events it gets. */
export async function startReceiver(events: Array<Record<string, any>>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        events.push({ type: 'unparseable' });
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}
