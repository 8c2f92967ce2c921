/** The flags of `run` become the run request's members by their names; the repeatable ones are plural. */
import { describe, expect, it } from 'vitest';
import { parseFlags } from './args.js';
import { runRequestOf } from './run-command.js';
import { RUN_FLAGS } from './run-flags.js';

describe('runRequestOf', () => {
  it('names each flag by its member of the run request', () => {
    const argv = [
      ...['--target', 'p.json', '--base-url', 'https://a.example', '--report-dir', 'out', '--keep', '3'],
      ...['--family', 'quotes,sessions', '--exclude-rule', 'R-1', '--variant', 'v1', '--variant', 'v2'],
      ...['--update-baseline', '--strict', '--webhook-listen', '8099', '--alert-after', '2'],
    ];
    expect(runRequestOf(parseFlags('run', argv, RUN_FLAGS))).toEqual({
      target: 'p.json',
      baseUrl: 'https://a.example',
      reportDir: 'out',
      keep: '3',
      families: ['quotes', 'sessions'],
      excludeRules: ['R-1'],
      variants: ['v1', 'v2'],
      updateBaseline: true,
      strict: true,
      webhookListen: '8099',
      alertAfter: '2',
    });
  });

  it('leaves out a flag not given and --help', () => {
    expect(runRequestOf(parseFlags('run', ['--help'], RUN_FLAGS))).toEqual({});
  });
});
