/** The monitoring flags checked before any request: `--alert-after`, `--remind-every`, and the profile's `alerting`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { monitorPlanOf, type MonitorRequest } from './plan.js';

const dir = mkdtempSync(join(tmpdir(), 'monitor-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(request: MonitorRequest): Promise<string> {
  try {
    await monitorPlanOf(request);
  } catch (err) {
    return `${(err as { code: string }).code} ${(err as Error).message}`;
  }
  return 'accepted';
}

describe('--alert-after and --remind-every', () => {
  it('count runs of the history: 0, more than it holds or a fraction is refused, naming the range', async () => {
    expect(await refusal({ history: dir, alertAfter: '0' })).toMatch(
      /^E_ALERTING_INVALID --alert-after "0": runs in a row; the history holds from 1 to 10/,
    );
    expect(await refusal({ history: dir, alertAfter: '11' })).toMatch(/^E_ALERTING_INVALID --alert-after "11"/);
    expect(await refusal({ history: dir, alertAfter: '1.5' })).toMatch(/^E_ALERTING_INVALID/);
    expect(await refusal({ history: dir, remindEvery: '0' })).toMatch(
      /^E_ALERTING_INVALID --remind-every "0": minutes/,
    );
    expect(await refusal({ history: dir, alertAfter: '10', remindEvery: '60' })).toBe('accepted');
  });

  it('need --history, which counts the runs', async () => {
    expect(await refusal({ alertAfter: '2' })).toMatch(/^E_ALERTING_INVALID --alert-after is given without --history/);
    expect(await refusal({ remindEvery: '60', pushGateway: 'http://127.0.0.1:9091' })).toMatch(
      /^E_ALERTING_INVALID --remind-every is given without --history/,
    );
  });

  it("go over the target profile's alerting, which is taken when they are not given", async () => {
    const profile = { alerting: { after: 3, remindEveryMinutes: 240 } };
    expect(await monitorPlanOf({ history: dir }, profile)).toMatchObject({ alertAfter: 3, remindMs: 240 * 60_000 });
    expect(await monitorPlanOf({ history: dir, alertAfter: '2' }, profile)).toMatchObject({ alertAfter: 2 });
    expect(await monitorPlanOf({ history: dir })).toMatchObject({ alertAfter: 1 });
    expect((await monitorPlanOf({ history: dir }))?.remindMs).toBeUndefined();
  });
});

describe('--notify', () => {
  it('refuses a destination that is not http(s) before any request, without echoing it', async () => {
    const said = await refusal({ history: dir, notify: ['slack=file:///etc/secret-token'] });
    expect(said).toMatch(/^E_NOTIFY_INVALID --notify slack=…: the URL must be http or https/);
    expect(said).not.toContain('secret-token');
  });
});

describe('--push-gateway', () => {
  it("is the Pushgateway's base URL: a push path (the client adds it), a query or a fragment is refused", async () => {
    expect(await refusal({ pushGateway: 'http://127.0.0.1:9091/metrics/job/x' })).toMatch(
      /^E_PUSH_GATEWAY_INVALID --push-gateway http:\/\/127\.0\.0\.1:9091\/metrics\/job\/x names a push path/,
    );
    expect(await refusal({ pushGateway: 'http://127.0.0.1:9091/?x=1' })).toMatch(/^E_PUSH_GATEWAY_INVALID/);
    expect(await refusal({ pushGateway: 'http://127.0.0.1:9091' })).toBe('accepted');
    expect(await refusal({ pushGateway: 'https://gateway.example/pushgateway' })).toBe('accepted');
  });
});
