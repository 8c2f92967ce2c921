/**
 * The provider's published document is kept in specs/provider/ byte for byte: when the shared
 * copy is present (a developer's checkout), the two must not drift apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const KEPT = here('../specs/provider/openapi.json');
const SHARED = here('../../shared/provider/openapi.json');

describe('the provider document kept in specs/provider', () => {
  it('is the published OpenAPI 3.1 document of /v1, version 0.1.0, with its 17 operations', () => {
    const doc = JSON.parse(readFileSync(KEPT, 'utf8'));
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    const operations = Object.values(doc.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
      Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)),
    );
    expect(operations).toHaveLength(17);
  });

  it.skipIf(!existsSync(SHARED))('is byte for byte the shared copy', () => {
    expect(readFileSync(KEPT).equals(readFileSync(SHARED))).toBe(true);
  });
});
