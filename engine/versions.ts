/** The versions a run's scope names: this tool's (package.json) and the rule catalogue's. */
import { readFileSync } from 'node:fs';
import { projectPath } from '../harness/paths.js';
import { loadRules } from '../harness/rules.js';

let cached: { toolVersion: string; catalogueVersion: string } | undefined;

export function versions(): { toolVersion: string; catalogueVersion: string } {
  cached ??= {
    toolVersion: (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version,
    catalogueVersion: loadRules().version || 'unknown',
  };
  return cached;
}
