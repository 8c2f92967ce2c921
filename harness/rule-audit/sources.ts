/** The files the audit reads and writes, wherever the command is started from. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AuditSources } from './audit.js';

const projectFile = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** The contract, copied byte for byte (specs/README.md). */
const CONTRACT = projectFile('specs/partner-api.md');
const PROVIDER_DOCUMENT = projectFile('specs/provider/openapi.json');
/** The generated page. */
export const AUDIT_PAGE = projectFile('docs/rule-audit.md');

export function auditSources(): AuditSources {
  return {
    contract: readFileSync(CONTRACT, 'utf8'),
    providerDocument: JSON.parse(readFileSync(PROVIDER_DOCUMENT, 'utf8')),
  };
}
