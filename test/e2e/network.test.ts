/**
 * Any network a partner has, end to end through the CLI: an https target behind a local TLS
 * terminator whose certificate only a private CA vouches for (the profile's caFile, or
 * NODE_EXTRA_CA_CERTS), and a local forward proxy named by HTTPS_PROXY / HTTP_PROXY, bypassed
 * by NO_PROXY, refusing when told to. The proxy counts what really passed through it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { forwardProxy, type ForwardProxy } from '../fault-servers/forward-proxy.js';
import { listen, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import {
  certificateChain,
  hasOpenssl,
  listenTls,
  selfSignedCertificate,
  type Certificate,
} from '../fault-servers/tls.js';
import { readSummary, runCli, scratch, writeProfile, saveEnv } from './cli.js';

const tmp = scratch('network');
const PROXY_VARS = ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy'] as const;
const restore = saveEnv(['E2E_KEY_APPROVED', ...PROXY_VARS]);
let cert: Certificate;
let https: LocalServer;
let http: LocalServer;
let proxy: ForwardProxy;
let refusing: ForwardProxy;

/** One passing check (PING-200) against `base`; returns the exit code, stderr and reports folder. */
async function ping(name: string, base: string, extra: Record<string, unknown> = {}) {
  const reportDir = tmp.path(name);
  const result = await runCli([
    'run',
    '--target',
    writeProfile(tmp.path(`${name}.json`), base, extra),
    '--rule',
    'PING-200',
    '--report-dir',
    reportDir,
  ]);
  return { ...result, reportDir };
}

describe.skipIf(!hasOpenssl())('a private CA and a forward proxy', () => {
  beforeAll(async () => {
    for (const v of PROXY_VARS) delete process.env[v];
    process.env.E2E_KEY_APPROVED = 'network-canary-key-4b1d';
    cert = selfSignedCertificate(tmp.dir);
    https = await listenTls(cert, (req, res) => answerPlausibly(req, res));
    http = await listen((req, res) => answerPlausibly(req, res));
    proxy = await forwardProxy();
    refusing = await forwardProxy({ refuse: true });
  });
  afterEach(() => restore(PROXY_VARS));
  afterAll(async () => {
    restore();
    await Promise.all([https?.close(), http?.close(), proxy?.close(), refusing?.close()]);
    tmp.dispose();
  });

  it('a certificate the machine does not trust stops the run before any check: E_TARGET_TLS, exit 4', async () => {
    const before = https.received.length;
    const result = await ping('untrusted', https.url);
    expect(result.code).toBe(4);
    expect(result.err).toMatch(
      /^E_TARGET_TLS: preflight GET https:\/\/127\.0\.0\.1:\d+\/v1\/ping .*(SELF_SIGNED|UNABLE_TO)/,
    );
    expect(result.err).toMatch(/fix: .*caFile/);
    expect(https.received.length).toBe(before);
  });

  it("the profile's caFile (relative to the profile) makes it trusted: the run passes over TLS", async () => {
    const before = https.received.length;
    const result = await ping('trusted', https.url, { caFile: 'ca.pem' });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(readSummary(result.reportDir).outcome).toBe('passed');
    expect(https.received.slice(before).map((r) => r.path)).toContain('/v1/ping');
  });

  it(
    "reads the certificate's expiry on an https run: days left in summary.json and the metrics, a warning under the " +
      'threshold',
    async () => {
      const result = await ping('certificate', https.url, { caFile: 'ca.pem' });
      expect(result.code).toBe(0);
      const [tls] = readSummary(result.reportDir).tls!;
      // The test certificate is valid for one day: well under the default threshold of 14.
      expect(tls).toMatchObject({ host: new URL(https.url).host, warnDays: 14, subject: '127.0.0.1' });
      expect(tls!.daysLeft).toBeGreaterThan(0.9);
      expect(tls!.daysLeft).toBeLessThanOrEqual(1);
      expect(result.out).toMatch(
        /^! W_TLS_EXPIRES_SOON: the TLS certificate of 127\.0\.0\.1:\d+ expires in 1\.0 days/m,
      );
      expect(readFileSync(join(result.reportDir, 'metrics.prom'), 'utf8')).toMatch(
        /^partner_conformance_tls_certificate_remaining_seconds\{[^}]*\} \d+/m,
      );
      const plain = await ping('no-certificate', http.url);
      expect(readSummary(plain.reportDir).tls).toBeUndefined();
    },
  );

  it('a caFile that cannot be read is a setup error: E_PROFILE_CA_UNREADABLE, exit 2, nothing sent', async () => {
    const before = https.received.length;
    const result = await ping('no-ca', https.url, { caFile: 'missing.pem' });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /^E_PROFILE_CA_UNREADABLE: caFile of target profile .*missing\.pem cannot be read \(ENOENT\)/,
    );
    expect(https.received.length).toBe(before);
  });

  it('NODE_EXTRA_CA_CERTS makes it trusted too (read by Node at start, so a process of its own)', async () => {
    const profile = writeProfile(tmp.path('extra-ca.json'), https.url);
    const reportDir = tmp.path('extra-ca');
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: cert.certFile };
    const child = spawn(
      process.execPath,
      [
        join(PROJECT_ROOT, 'bin', 'partner-conformance.js'),
        'run',
        '--target',
        profile,
        '--rule',
        'PING-200',
        '--report-dir',
        reportDir,
      ],
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(readSummary(reportDir).outcome).toBe('passed');
  }, 120_000);

  it(
    'reads the whole chain of every https host of the profile (the older ICHRA one too): an intermediate that ' +
      "expires before the host's own certificate is named, in the metrics per host",
    async () => {
      const chain = certificateChain(mkdtempSync(join(tmp.dir, 'chain-')), { root: 30, intermediate: 3, leaf: 20 });
      const legacy = await listenTls(chain, (req, res) => answerPlausibly(req, res));
      try {
        writeFileSync(tmp.path('both.pem'), readFileSync(cert.certFile, 'utf8') + readFileSync(chain.caFile, 'utf8'));
        const result = await ping('chain', https.url, { caFile: 'both.pem', legacyBaseUrl: legacy.url });
        expect(result.code).toBe(0);
        const hosts = readSummary(result.reportDir).tls!;
        expect(hosts.map((t) => t.host)).toEqual([new URL(https.url).host, new URL(legacy.url).host]);
        const older = hosts[1]!;
        expect(older.chain?.map((c) => c.subject)).toEqual(['127.0.0.1', 'Test Intermediate', 'Test Root']);
        expect(older).toMatchObject({ subject: 'Test Intermediate' });
        expect(older.daysLeft).toBeGreaterThan(2.9);
        expect(older.daysLeft).toBeLessThanOrEqual(3);
        expect(older.untrusted).toBeUndefined();
        expect(result.out).toMatch(
          new RegExp(
            '^! W_TLS_EXPIRES_SOON: the TLS certificate of 127\\.0\\.0\\.1:\\d+ ' +
              '\\("Test Intermediate", an intermediate of its chain\\) expires in 3\\.0 days',
            'm',
          ),
        );
        // No request went to the older host: its chain was read by a handshake alone.
        expect(legacy.received).toEqual([]);
        expect(readFileSync(join(result.reportDir, 'metrics.prom'), 'utf8')).toMatch(
          new RegExp(
            `^partner_conformance_tls_certificate_remaining_seconds\\{host="${new URL(legacy.url).host}",`,
            'm',
          ),
        );
      } finally {
        await legacy.close();
      }
    },
  );

  it('HTTPS_PROXY: every https request goes through the proxy as a CONNECT tunnel', async () => {
    process.env.HTTPS_PROXY = proxy.url;
    const before = { proxy: proxy.passed.length, target: https.received.length };
    const result = await ping('https-proxy', https.url, { caFile: 'ca.pem' });
    expect(result.code).toBe(0);
    const passed = proxy.passed.slice(before.proxy);
    expect(passed.length).toBeGreaterThan(0);
    expect(passed.every((p) => p.kind === 'connect' && https.url.endsWith(p.to))).toBe(true);
    expect(https.received.length).toBeGreaterThan(before.target);
    // The certificate is read inside the tunnel too: the target's, not the proxy's.
    expect(readSummary(result.reportDir).tls).toEqual([
      expect.objectContaining({ host: new URL(https.url).host, subject: '127.0.0.1' }),
    ]);
  });

  it('HTTP_PROXY: every plain-http request passes through the proxy, one for one', async () => {
    process.env.HTTP_PROXY = proxy.url;
    const before = { proxy: proxy.passed.length, target: http.received.length };
    const result = await ping('http-proxy', http.url);
    expect(result.code).toBe(0);
    const passed = proxy.passed.slice(before.proxy);
    const reached = http.received.length - before.target;
    expect(reached).toBeGreaterThan(0);
    expect(passed).toHaveLength(reached);
    expect(passed.every((p) => p.kind === 'http')).toBe(true);
  });

  it('NO_PROXY: a listed host is reached directly, nothing passes through the proxy', async () => {
    process.env.HTTP_PROXY = proxy.url;
    process.env.HTTPS_PROXY = proxy.url;
    process.env.NO_PROXY = 'localhost,127.0.0.1';
    const before = proxy.passed.length;
    const result = await ping('no-proxy', http.url);
    expect(result.code).toBe(0);
    expect(proxy.passed.length).toBe(before);
  });

  it('the embedded server is reached directly, whatever the proxy variables say', async () => {
    process.env.HTTP_PROXY = refusing.url;
    process.env.HTTPS_PROXY = refusing.url;
    const before = refusing.passed.length;
    const result = await runCli(['run', '--rule', 'PING-200', '--report-dir', tmp.path('embedded')]);
    expect(result.code).toBe(0);
    expect(refusing.passed.length).toBe(before);
  });

  it.each([
    ['HTTPS_PROXY', 'a refused CONNECT', () => https.url],
    ['HTTP_PROXY', 'a 407 for plain http', () => http.url],
  ] as const)(
    '%s: %s stops the run before any check: E_TARGET_PROXY_REFUSED, exit 4',
    async (variable, _what, base) => {
      process.env[variable] = refusing.url;
      const before = refusing.passed.length;
      const result = await ping(`refused-${variable}`, base(), { caFile: 'ca.pem' });
      expect(result.code).toBe(4);
      expect(result.err).toMatch(
        /^E_TARGET_PROXY_REFUSED: preflight GET \S+\/v1\/ping with the approved key: .*the proxy refused/,
      );
      // The ping, tried once (a refusal is no blip); for https, the certificate's handshake asked its own tunnel.
      expect(refusing.passed.length - before).toBe(variable === 'HTTPS_PROXY' ? 2 : 1);
    },
  );
});
