/** `serve` starts the reference server, says where and which key variables, and stops on request. */
import { describe, expect, it } from 'vitest';
import { referenceKeyEnv } from '../reference/server.js';
import { faultList, serveCommand } from './serve-command.js';

describe('serve', () => {
  it('prints the URL and the key roles by variable name, never a key value, and answers until stopped', async () => {
    let out = '';
    let status = 0;
    const io = { out: { write: (s: string) => (out += s) }, err: { write: () => true } };
    const code = await serveCommand(['--port', '0'], io, async () => {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
      const [env, key] = Object.entries(referenceKeyEnv())[0]!;
      status = (await fetch(`${url}/v1/ping`, { headers: { 'x-api-key': key } })).status;
      expect(out).toContain(env);
    });
    expect(code).toBe(0);
    expect(status).toBe(200);
    expect(out).toContain('reference/data/accounts.json');
    expect(out).toContain('PARTNER_KEY_APPROVED');
    for (const value of Object.values(referenceKeyEnv())) expect(out).not.toContain(value);
    expect(out).toContain('reference server stopped');
  });

  it('lists the faults with their rules', () => {
    const list = faultList();
    expect(list).toMatch(/ping-404\s+utility\s+PING-200/);
    expect(list).toMatch(/\d+ faults\n$/);
  });
});
