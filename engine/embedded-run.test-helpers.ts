/**
 * Test support: the settings an embedded run shares (campaign, variants matrix), with a stand-in contract and a silent
 * IO.
 */
import type { Contract } from '../harness/contract/index.js';
import { SAMPLE_RULES } from '../reports/testing/sample.js';
import type { StartServer } from './embedded.js';
import type { RunIO } from './io.js';

const silentIO: RunIO = { out: { write: () => true }, err: { write: () => true } };

/** A server that is never started: its URL names the switches it was asked for. */
const namedServer: StartServer = async (fault, variants = []) => ({
  url: `http://127.0.0.1:1/${[fault, ...variants].filter(Boolean).join('+') || 'clean'}`,
  close: async () => {},
});

export const embeddedRunSettings = (reportDir: string) => ({
  contract: {
    source: 'specs/partner-api.yaml',
    version: '0.1.0',
    digest: 'ab',
    title: 'Partner API',
    defects: [],
  } as unknown as Contract,
  catalogue: SAMPLE_RULES,
  profile: { name: 'reference', baseUrl: 'http://127.0.0.1:1', keys: {}, fixtures: {} },
  seed: 1,
  runs: 1,
  reportDir,
  io: silentIO,
  startServer: namedServer,
});
