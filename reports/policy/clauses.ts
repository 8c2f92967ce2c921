/**
 * The clauses a policy is made of, each with a stable code: what it requires, why an evidence
 * fails it (undefined: it holds), what it found when it holds, and how to meet it. One table;
 * a policy (policies.ts) lists the codes it holds an evidence to.
 */
import { isRunProfile, runProfile } from '../../harness/run-profiles.js';
import { EVIDENCE_FORMAT, OLD_EVIDENCE_FORMAT, type Evidence } from '../evidence.js';
import type { Subject } from './subject.js';

/** What a clause is judged on. */
export interface ClauseContext {
  subject: Subject;
  /** The spec digest the policy pins, and what it is. */
  pin: { digest: string; what: string };
  /** A trusted key was given (--public-key, --trusted-keys). */
  trustGiven: boolean;
}

interface Clause {
  requires: string;
  /** Why the evidence does not meet it; undefined when it does. */
  fails(ctx: ClauseContext): string | undefined;
  /** What it found, when it holds. */
  holds(ctx: ClauseContext): string;
  fix: string;
}

const NO_EVIDENCE = 'the bundle holds no readable evidence';

/** A clause on the run the evidence records: it fails when there is none to read. */
function onRun(fails: (e: Evidence, ctx: ClauseContext) => string | undefined) {
  return (ctx: ClauseContext) => (ctx.subject.evidence ? fails(ctx.subject.evidence, ctx) : NO_EVIDENCE);
}

/** The properties that made fewer runs than they were to (cut short by their time limit, or a replayed --path). */
function cutShort(evidence: Evidence): string[] {
  const seen = new Set<string>();
  for (const check of evidence.rules.flatMap((r) => r.checks))
    if (check.runs && check.runs.executed < check.runs.planned)
      seen.add(`${check.check}: ${check.runs.executed} of ${check.runs.planned} runs`);
  return [...seen];
}

function incompleteness(e: Evidence): string[] {
  const cut = cutShort(e);
  const runs = isRunProfile(e.runProfile) ? runProfile(e.runProfile).runs : 0;
  return [
    ...e.scope.partial,
    ...(e.scope.runs < runs
      ? [`${e.scope.runs} runs per property (--runs), fewer than the ${runs} of its profile`]
      : []),
    ...(e.stopped ? [`stopped before its end (${e.stopped.reason})`] : []),
    ...(e.scope.shard ? [`a share of the run only (shard ${e.scope.shard})`] : []),
    ...(cut.length > 0 ? [`properties that made fewer runs than they were to: ${cut.join('; ')}`] : []),
  ];
}

export const CLAUSES = {
  P_INTACT: {
    requires: 'every file is there as its manifest gives it, the evidence whole and tied to its summaries',
    fails: ({ subject }) => (subject.problems.length > 0 ? subject.problems.join('; ') : undefined),
    holds: ({ subject }) => subject.checked,
    fix: 'Get the bundle again, whole and unedited, from whoever ran the certification.',
  },
  P_SIGNED: {
    requires: 'signed (a JWS over the manifest), the signature matching',
    fails: ({ subject: { signature } }) => (signature.state === 'signed' ? undefined : signature.reason),
    holds: ({ subject: { signature } }) =>
      signature.state === 'signed'
        ? `${signature.how} by key ${signature.kid}: not changed since that key signed it`
        : '',
    fix:
      'Sign the run: set PARTNER_CONFORMANCE_SIGNING_KEY to an Ed25519 private key and run again (merge-evidence ' +
      'signs a merged bundle with it too).',
  },
  P_TRUSTED_KEY: {
    requires: 'signed by a key the provider trusts (--public-key, --trusted-keys)',
    fails: ({ subject: { signature }, trustGiven }) => {
      if (signature.state !== 'signed') return 'not signed';
      if (!trustGiven) return 'integrity only: no trusted key was given, so who signed it is unknown';
      return signature.trusted ? undefined : `signed by key ${signature.kid}, which is not a trusted key`;
    },
    holds: ({ subject: { signature } }) => (signature.state === 'signed' ? `key ${signature.kid} is trusted` : ''),
    fix:
      'Pass the public key the partner gave you beforehand (--public-key <key.pem>, or --trusted-keys with a JWK ' +
      'set or PEM keys), never one taken from the bundle itself.',
  },
  P_FORMAT: {
    requires: `evidence of the current format (${EVIDENCE_FORMAT}), signed by its bundle`,
    fails: onRun((e) =>
      e.format === EVIDENCE_FORMAT
        ? undefined
        : e.format === OLD_EVIDENCE_FORMAT
          ? `old format (${OLD_EVIDENCE_FORMAT}): integrity only; it predates the signed bundle and the runs ` +
            'each property made'
          : `not evidence of a known format (${String(e.format)})`,
    ),
    holds: () => EVIDENCE_FORMAT,
    fix: 'Run the certification again with this version of the tool: it writes the signed bundle.',
  },
  P_COMPLETE: {
    requires:
      "the whole run: every family and rule, every shard, its profile's runs per property, not stopped, every " +
      'required rule proven, every property all its runs',
    fails: onRun((e) => {
      const gaps = incompleteness(e);
      return gaps.length > 0 ? gaps.join('; ') : undefined;
    }),
    holds: ({ subject }) =>
      `every family; ${subject.evidence!.required?.rules.length ?? 0} required rules proven; every property made ` +
      'all its runs',
    fix:
      'Run the whole certification profile (no --family, --rule or exclusion; merge every shard) with what the ' +
      'unproven rules need (`partner-conformance plan --profile certification` names it).',
  },
  P_PASSED: {
    requires: 'PASSED, no check failed (none accepted by a baseline or an exclusion)',
    fails: onRun((e) => {
      const why = [
        ...(e.outcome === 'passed' ? [] : [`its outcome is ${e.outcome}`]),
        ...(e.counts.failed > 0 ? [`${e.counts.failed} check(s) failed`] : []),
      ];
      return why.length > 0 ? why.join('; ') : undefined;
    }),
    holds: ({ subject }) => `passed: ${subject.evidence!.counts.passed} checks passed, none failed`,
    fix: 'Fix what failed (report.html names it) and run again: a baseline or an exclusion does not certify.',
  },
  P_REMOTE_TARGET: {
    requires: "against the partner's deployment, not the embedded reference server",
    fails: onRun((e) => (e.target.embedded ? 'the target was the embedded reference server' : undefined)),
    holds: ({ subject }) => `target ${subject.evidence!.target.name} (${subject.evidence!.target.baseUrl})`,
    fix: "Run with --target <the partner's target profile>.",
  },
  P_NO_FAULT: {
    requires: 'no fault switched on in the target',
    fails: onRun((e) => (e.target.fault ? `fault ${e.target.fault} was switched on` : undefined)),
    holds: () => 'no fault',
    fix: 'Run without --fault: a fault is the reference server made wrong on purpose.',
  },
  P_NO_VARIANT: {
    requires: 'no variant of the reference server',
    fails: onRun((e) => (e.target.variants?.length ? `variants ${e.target.variants.join(', ')}` : undefined)),
    holds: () => 'no variant',
    fix: "Run without --variant, against the partner's own target.",
  },
  P_SPEC_PINNED: {
    requires: 'the schema checks used the pinned spec document',
    fails: onRun((e, { pin }) =>
      e.spec.digest === pin.digest
        ? undefined
        : `spec digest ${e.spec.digest ?? 'unknown'} (${e.spec.source}) is not ${pin.what} (${pin.digest})`,
    ),
    holds: ({ pin }) => `spec digest ${pin.digest}, ${pin.what}`,
    fix:
      "Run with --spec <the provider's document> (the nightly workflow gives specs/provider/openapi.json), or " +
      'pin the document agreed on with verify --spec <file> or --spec-digest sha256:<hex>.',
  },
} as const satisfies Record<string, Clause>;

export type ClauseCode = keyof typeof CLAUSES;
