/**
 * A schema check with no schema to judge against is skipped with what it needs, never passed,
 * end to end through the CLI: a --spec that documents this API's counties and nothing else.
 * (A --spec with none of its operations is exit 2: test/e2e/bad-inputs.test.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { DEFAULT_SPEC } from '../../harness/paths.js';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('partial-spec');
afterAll(() => tmp.dispose());

describe('a --spec that leaves an operation out', () => {
  it(
    "reports the schema rule of that operation's checks skipped with the schema it needs, their " +
      'other rules judged',
    async () => {
      const document = yaml.load(readFileSync(DEFAULT_SPEC, 'utf8')) as { paths: Record<string, unknown> };
      const spec = tmp.path('counties-only.json');
      writeFileSync(
        spec,
        JSON.stringify({ ...document, paths: { '/v1/reference/counties': document.paths['/v1/reference/counties'] } }),
      );
      const dir = tmp.path('out');
      const result = await runCli([
        'run',
        '--spec',
        spec,
        '--family',
        'utility',
        '--rule',
        'PING-200',
        '--rule',
        'SCHEMA-RESPONSE-VALID',
        '--report-dir',
        dir,
      ]);
      // The selected rule it could not prove leaves the run incomplete, never passed.
      expect(result.code, result.err).toBe(7);
      // The first need named is that of the first check found (ping's key checks' 403 comes before its 200).
      expect(result.err).toMatch(/^E_INCOMPLETE: 1 required rule not proven \(needs .*a schema for ping 200 in the/m);
      const ping = readSummary(dir).findings.filter((f) => f.check === 'ping answers 200 with the ping object');
      expect(ping.map((f) => [f.verdict, f.rules])).toEqual([
        ['passed', ['PING-200', 'PING-SCHEMA', 'SCHEMA-SUCCESS-JSON', 'AUTH-KEY-NOT-ECHOED']],
        ['skipped', ['SCHEMA-RESPONSE-VALID']],
      ]);
      expect(ping[1]!.needs).toBe('a schema for ping 200 in the loaded document');
      expect(result.out).toContain('needs a schema for ping 200 in the loaded document');
    },
  );
});
