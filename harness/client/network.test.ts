/** The network layer: which CAs are trusted, and how a proxy's refusal reads in an exchange. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { failureCode } from './errors.js';
import { trustedCas } from './network.js';

const dir = mkdtempSync(join(tmpdir(), 'network-'));
const PEM = (name: string) => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----\n`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('trustedCas', () => {
  it("leaves Node's default store alone without a caFile", () => {
    expect(trustedCas(undefined, { NODE_EXTRA_CA_CERTS: '/nowhere' })).toBeUndefined();
  });

  it("keeps the system roots and NODE_EXTRA_CA_CERTS beside the profile's bundle", () => {
    const profileCa = join(dir, 'profile.pem');
    const extraCa = join(dir, 'extra.pem');
    writeFileSync(profileCa, PEM('profile'));
    writeFileSync(extraCa, PEM('extra'));
    const cas = trustedCas(profileCa, { NODE_EXTRA_CA_CERTS: extraCa })!;
    expect(cas.slice(0, rootCertificates.length)).toEqual([...rootCertificates]);
    expect(cas.slice(rootCertificates.length)).toEqual([PEM('extra'), PEM('profile')]);
  });

  it('skips an unreadable NODE_EXTRA_CA_CERTS, as Node does', () => {
    const profileCa = join(dir, 'only.pem');
    writeFileSync(profileCa, PEM('only'));
    expect(trustedCas(profileCa, { NODE_EXTRA_CA_CERTS: join(dir, 'missing.pem') })!.at(-1)).toBe(PEM('only'));
    expect(trustedCas(profileCa, { NODE_EXTRA_CA_CERTS: join(dir, 'missing.pem') })).toHaveLength(
      rootCertificates.length + 1,
    );
  });
});

describe('failureCode of a proxy refusal', () => {
  it.each([
    ['Proxy response (403) !== 200 when HTTP Tunneling', 'PROXY_REFUSED_403'],
    ['Proxy Authentication Required (407)', 'PROXY_REFUSED_407'],
  ])('%s -> %s', (message, code) => {
    expect(failureCode(Object.assign(new Error(message), { code: 'UND_ERR_ABORTED' }))).toBe(code);
  });

  it('leaves other errors their own code', () => {
    expect(failureCode(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED',
    );
  });
});
