import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client } from '../probe/client.js';

let server: ReferenceServer;
let port: number;
beforeAll(async () => {
  server = await startReferenceServer();
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

/** Send raw bytes, collect whatever comes back until the server closes or 2 s pass. */
function raw(bytes: Buffer | string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', done);
    socket.on('error', () => {});
    socket.write(bytes, () => socket.end());
  });
}

async function stillServing(): Promise<void> {
  expect((await client(server.url)('GET', '/v1/ping')).status).toBe(200);
}

describe('hostile bytes never crash the server', () => {
  it('answers garbage request lines with 400 in the unified envelope', async () => {
    const answer = await raw('\x00\xff\xfe GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":"invalid_request"');
    await stillServing();
  });

  it('answers oversized headers with 431', async () => {
    const answer = await raw(`GET /v1/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    await stillServing();
  });

  it('survives a content length that lies, both ways', async () => {
    await raw('POST /v1/quotes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{}');
    const answer = await raw(
      'POST /v1/quotes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ' +
        '2\r\n\r\n{}garbage-after-body',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 (403|400)/);
    await raw('POST /v1/quotes HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n');
    await raw('POST /v1/quotes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nnot hex\r\n');
    await stillServing();
  });

  it('survives random bytes and random bodies with every content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 512 }),
        fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'text/plain', ''),
        async (bytes, type) => {
          await raw(Buffer.from(bytes));
          const res = await client(server.url)('POST', '/v1/enrollments/x1/supporting_documentation', {
            raw: Buffer.from(bytes),
            contentType: type || 'application/octet-stream',
            unchecked: true,
            role: 'tierHigh',
          });
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 25, seed: 7 },
    );
    await stillServing();
  });

  it('handles odd paths and queries (bad percent-encoding, absolute form, long query)', async () => {
    const call = client(server.url);
    for (const path of [
      '/v1/policy-status/applications/%E0%A4%A',
      '/v1/reference/counties?zip_code=%ZZ',
      `/v1/reference/providers?${'a=1&'.repeat(2000)}`,
    ]) {
      const res = await call('GET', path, { unchecked: true });
      expect(res.status).toBeLessThan(500);
    }
    const absolute = await raw('GET http://other.example/v1/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(absolute).toMatch(/^HTTP\/1\.1 (403|404)/);
    await stillServing();
  });
});
