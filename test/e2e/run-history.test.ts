/**
 * History checks fire, end to end through the CLI, on traffic other checks sent: each fault
 * below shows only when an answer is held to an earlier one (a state-model application read
 * back later, a row listed after a PUT, another account's application in a filtered list or in a
 * create's warning, a replay seconds after its create). The run exits 1; the failure is a
 * finding of the fault's rule from a history check over the journal (the run's own checks,
 * family `contract`, which send nothing), with the exchanges it compared, each naming its sender.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_FAULTS as F } from '../../reference/enrollments/faults.js';
import type { Fault } from '../../reference/core/switch.js';
import type { Exchange } from '../../harness/model.js';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('run-history');
afterAll(() => tmp.dispose());

const path = (ex: Exchange) => new URL(ex.request.url).pathname;

/** [fault, whether the family's own checks also judge the breach, what the last exchange compared shows]. */
const CASES: Array<[Fault, boolean, (ex: Exchange) => boolean]> = [
  [
    F.changeReopensPolicy,
    false,
    (ex) => (ex.response?.json as { policy_status?: string } | undefined)?.policy_status === 'pending_effectuation',
  ],
  [F.listRowStaleAfterPut, false, (ex) => ex.request.method === 'GET' && path(ex).endsWith('/v1/enrollments')],
  [F.statusListEveryAccount, false, (ex) => ex.role === 'approved' && /policy_status=/.test(ex.request.url)],
  [F.duplicateNamesOtherAccount, false, (ex) => ex.role === 'otherAccount' && ex.request.method === 'POST'],
  [F.replayLateReserialised, true, (ex) => ex.request.method === 'POST' && path(ex).endsWith('/v1/enrollments')],
];

describe('a fault only the history of the run shows', () => {
  it.each(CASES.map(([fault, alsoOwn, shows]) => [fault.name, fault, alsoOwn, shows] as const))(
    '%s is caught by its own rule, by a history check, on exchanges other checks sent',
    async (name, fault, alsoOwn, shows) => {
      const reportDir = tmp.path(name);
      // --strict: ENR-OUTCOME-STAYS and ENR-LIST-ROW-MATCHES-READ are inferred, otherwise warnings.
      const argv = ['run', '--family', 'enrollments', '--fault', name, '--seed', '1', '--strict'];
      const result = await runCli([...argv, '--report-dir', reportDir]);
      expect(result.code, result.err).toBe(1);
      const summary = readSummary(reportDir);
      const own = summary.findings.filter((f) => f.verdict === 'failed' && f.rules.includes(fault.rule));
      const history = own.filter((f) => f.family === 'contract');
      expect(history.length, `failed history findings of ${fault.rule}`).toBeGreaterThan(0);
      if (!alsoOwn) expect(own).toEqual(history);
      for (const finding of history) {
        expect(finding.exchanges.length).toBeGreaterThanOrEqual(2);
        expect(shows(finding.exchanges.at(-1)!), JSON.stringify(finding.exchanges.at(-1)!.request.url)).toBe(true);
        expect(finding.observed).toMatch(/\(sent by ".+"\)$/);
        expect(finding.observed).not.toContain(`"${finding.check}"`);
      }
      expect(summary.ruleVerdicts[fault.rule]?.verdict).toBe('failed');
    },
    120_000,
  );
});
