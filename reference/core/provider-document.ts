/**
 * The provider's published document (specs/provider/openapi.json), read and parsed once per
 * process on first use. Shared, so callers treat it as read-only.
 */
import { readFileSync } from 'node:fs';

const DOCUMENT = new URL('../../specs/provider/openapi.json', import.meta.url);

let document: Record<string, any> | undefined;

export function providerDocument(): Record<string, any> {
  return (document ??= JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Record<string, any>);
}
