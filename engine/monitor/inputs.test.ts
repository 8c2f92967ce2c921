/**
 * Monitoring flags checked before any request without showing a secret: a webhook URL given to
 * --notify without its format is refused without being echoed (it holds the webhook's token), a
 * Pushgateway URL with credentials likewise; a Pushgateway URL that holds the push path is refused.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../harness/errors.js';
import { destinationOf } from './notify/index.js';
import { pushGatewayOf } from './push.js';

const TOKEN = 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';

function refusal(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('--notify', () => {
  it('refuses a webhook URL without its format, never showing it', () => {
    for (const spec of [`https://hooks.slack.com/services/${TOKEN}`, `https://x.example/hook?token=${TOKEN}`]) {
      const err = refusal(() => destinationOf(spec));
      expect(err.code).toBe('E_NOTIFY_INVALID');
      expect(err.message).not.toContain(TOKEN);
      expect(err.message).toContain('(the value is not shown)');
    }
  });

  it('names the format it was given, never the URL', () => {
    const err = refusal(() => destinationOf(`teams=https://hooks.example/${TOKEN}`));
    expect(err.message).toMatch(/^--notify teams=…: unknown format "teams"/);
    expect(err.message).not.toContain(TOKEN);
  });
});

describe('--push-gateway', () => {
  it('takes the gateway’s own URL, a path prefix of a gateway behind a proxy too', () => {
    expect(pushGatewayOf('http://pushgateway:9091')).toBe('http://pushgateway:9091');
    expect(pushGatewayOf('https://ops.example.com/pushgateway')).toBe('https://ops.example.com/pushgateway');
  });

  it('refuses a URL holding the push path, a query or a fragment, naming why', () => {
    for (const url of ['http://pg:9091/metrics/job/partner', 'http://pg:9091/metrics', 'http://pg:9091/?job=x']) {
      const err = refusal(() => pushGatewayOf(url));
      expect(err.code, url).toBe('E_PUSH_GATEWAY_INVALID');
      expect(err.message).toContain("give the Pushgateway's base URL");
    }
  });

  it('never shows a URL that holds credentials', () => {
    for (const url of [`http://ops:${TOKEN}@pg:9091/metrics/job/x`, `ops:${TOKEN}@pg:9091`]) {
      const err = refusal(() => pushGatewayOf(url));
      expect(err.message).not.toContain(TOKEN);
    }
  });
});
