/** This tool's version (package.json), read once: named in reports and in every request's User-Agent. */
import { readFileSync } from 'node:fs';
import { projectPath } from './paths.js';

let cached: string | undefined;

export function toolVersion(): string {
  cached ??= (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
  return cached;
}

/**
 * The User-Agent of every request a run sends: the suite, its version and the run, so a
 * provider can tell this synthetic traffic apart in its logs and tie it to a report.
 */
export function userAgent(runId: string): string {
  return `partner-conformance/${toolVersion()} (run ${runId}; +https://github.com/partner-api/partner-api-conformance)`;
}
