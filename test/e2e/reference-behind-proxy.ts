/**
 * The reference server behind a counting proxy, for end-to-end tests that count what reaches
 * the wire, and the reference profile pointed at the proxy.
 */
import { writeFileSync } from 'node:fs';
import { exportReferenceKeys } from '../../engine/embedded.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';
import { startReferenceServer } from '../../reference/server.js';
import { countingProxy, type CountingProxy } from '../fault-servers/proxy.js';

export interface ReferenceBehindProxy {
  proxy: CountingProxy;
  /** Writes the reference profile, every base URL the proxy's, to `path` (without `dropRoles`); returns the path. */
  profileAt(path: string, dropRoles?: readonly string[]): string;
  close(): Promise<void>;
}

export async function referenceBehindProxy(): Promise<ReferenceBehindProxy> {
  await exportReferenceKeys();
  const reference = await startReferenceServer();
  const proxy = await countingProxy(reference.url);
  return {
    proxy,
    profileAt(path, dropRoles = []) {
      const profile = loadTargetProfile(referenceProfilePath());
      const keys = Object.fromEntries(Object.entries(profile.keys).filter(([role]) => !dropRoles.includes(role)));
      const url = proxy.url;
      writeFileSync(path, JSON.stringify({ ...profile, baseUrl: url, legacyBaseUrl: url, medicareBaseUrl: url, keys }));
      return path;
    },
    async close() {
      await proxy.close();
      await reference.close();
    },
  };
}
