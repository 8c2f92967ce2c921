/** The versions a run's scope names: this tool's (package.json) and the rule catalogue's. */
import { loadRulesOnce } from '../harness/rules.js';
import { toolVersion } from '../harness/tool-version.js';

let cached: { toolVersion: string; catalogueVersion: string } | undefined;

export function versions(): { toolVersion: string; catalogueVersion: string } {
  cached ??= {
    toolVersion: toolVersion(),
    catalogueVersion: loadRulesOnce().version || 'unknown',
  };
  return cached;
}
