/**
 * Run-wide checks fire, end to end through the CLI: each fault below breaks its rule only on
 * an exchange no check of that rule looks at (a later page, one operation's 404, a late
 * answer's header, one operation's body), so only the run-wide check over the journal catches
 * it: the run exits 1, the failure is a finding of the fault's rule from a run-wide check, with
 * the faulty exchange, naming who sent it; no check of the family's own fails that rule.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_FAULTS } from '../../reference/enrollments/faults.js';
import { POLICY_FAULTS } from '../../reference/policy-status/faults.js';
import { SESSION_FAULTS } from '../../reference/sessions/faults.js';
import { REFERENCE_FAULTS } from '../../reference/reference-data/faults.js';
import type { Fault } from '../../reference/core/switch.js';
import type { Exchange } from '../../harness/model.js';
import { ruleCatalogue } from '../../harness/suite/catalogue.js';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('run-wide');
const queryOf = (ex: Exchange) => new URL(ex.request.url).searchParams;
afterAll(() => tmp.dispose());

/** [fault, what the faulty exchange shows]. */
const CASES: Array<[Fault, (ex: Exchange) => boolean]> = [
  [
    REFERENCE_FAULTS.providersLaterPagesTextPlain,
    (ex) =>
      Number(new URL(ex.request.url).searchParams.get('page[number]')) >= 2 &&
      /text\/plain/.test(ex.response!.headers['content-type'] ?? ''),
  ],
  [
    ENROLLMENT_FAULTS.readUnknownErrorsObject,
    (ex) =>
      ex.request.method === 'GET' &&
      ex.response?.status === 404 &&
      !Array.isArray((ex.response.json as { errors?: unknown })?.errors),
  ],
  [
    ENROLLMENT_FAULTS.listLaterPageEchoesKey,
    (ex) => /offset=[1-9]/.test(ex.request.url) && ex.response?.headers['x-debug-api-key'] === '<redacted>',
  ],
  [
    ENROLLMENT_FAULTS.terminationUpdatedAtNumber,
    (ex) =>
      /\/terminations$/.test(ex.request.url) &&
      typeof (ex.response?.json as { updated_at?: unknown })?.updated_at === 'number',
  ],
  // Rules as oracles: each fault below breaks its rule on exchanges no check naming the rule sends.
  [
    ENROLLMENT_FAULTS.putAnswerBeforeChange,
    (ex) => ex.request.method === 'PUT' && (ex.response?.json as { application?: unknown })?.application !== undefined,
  ],
  [
    ENROLLMENT_FAULTS.listExternalIdIgnoredBesideStatus,
    (ex) => /policy_status=/.test(ex.request.url) && /external_id=/.test(ex.request.url),
  ],
  [POLICY_FAULTS.laterPagesEveryYear, (ex) => /offset=[1-9]/.test(ex.request.url)],
  [
    SESSION_FAULTS.keyedNoRequestId,
    (ex) => ex.request.headers['idempotency-key'] !== undefined && ex.response?.headers['x-request-id'] === undefined,
  ],
  [ENROLLMENT_FAULTS.charsetLatin1, (ex) => /ISO-8859-1/.test(ex.response?.headers['content-type'] ?? '')],
  [
    ENROLLMENT_FAULTS.rejectedMemberNamesExternalId,
    (ex) => ex.wrong?.kind === 'members' && ex.response?.status === 400,
  ],
  [ENROLLMENT_FAULTS.paymentParams400, (ex) => /payment_redirect/.test(ex.request.url) && ex.response?.status === 400],
  [
    REFERENCE_FAULTS.issuersPastYearsById,
    (ex) => /\/issuers$/.test(new URL(ex.request.url).pathname) && Number(queryOf(ex).get('plan_year')) < 2026,
  ],
];

describe('a fault only the run-wide checks can see', () => {
  it.each(CASES.map(([fault, shows]) => [fault.name, fault, shows] as const))(
    '%s is caught by its own rule, by a run-wide check, with the faulty exchange',
    async (name, fault, shows) => {
      const reportDir = tmp.path(name);
      // --strict only for an inferred rule (ENR-UPDATE-ANSWER-SHOWN, POLICY-LIST-FILTER-PLAN-YEAR): its violation
      // otherwise warns. A stated one (a key in an answer, AUTH-KEY-NOT-ECHOED, too) fails as it is.
      const strict = ruleCatalogue().byId(fault.rule)?.strength === 'inferred' ? ['--strict'] : [];
      const argv = ['run', '--family', fault.family, '--fault', name, '--seed', '1', ...strict];
      const result = await runCli([...argv, '--report-dir', reportDir]);
      expect(result.code, result.err).toBe(1);
      const summary = readSummary(reportDir);
      const own = summary.findings.filter((f) => f.verdict === 'failed' && f.rules.includes(fault.rule));
      expect(own.length, `failed findings of ${fault.rule}`).toBeGreaterThan(0);
      // Only the run-wide checks (the run's own, family 'contract') judged the exchange that breaks it.
      expect(own.every((f) => f.family === 'contract')).toBe(true);
      for (const finding of own) {
        expect(finding.exchanges).toHaveLength(1);
        expect(shows(finding.exchanges[0]!), JSON.stringify(finding.exchanges[0]!.request.url)).toBe(true);
        expect(finding.observed).toMatch(/\(sent by .+\)$/);
        expect(finding.reproduce).toContain(`--family ${fault.family}`);
      }
      expect(summary.ruleVerdicts[fault.rule]?.verdict).toBe('failed');
    },
    120_000,
  );
});
