/**
 * The cases of the generated-session property, each on a corner where one rule alone decides the
 * answer: a body that breaks at most one conditional rule of 2.6, with the approved key, or a
 * valid body under one of the gate roles (a body that breaks two rules, or a broken body under a
 * gate, is answered by whichever the target checks first, and hides a fault of the other). The
 * first runs take every corner once, a body corner and a gate case each (`directedRuns`); the
 * drawn runs take one case each.
 */
import fc from 'fast-check';
import type { Flow } from './session-body.js';
import { GATES, type SessionCase } from './session-oracle.js';

type Body = Omit<SessionCase, 'role'>;

const body = (flow: Flow, state: boolean, planId = false, campaign = false): Body => ({
  flow,
  state,
  planId,
  campaign,
});

/**
 * Each conditional rule of 2.6 broken alone, then each accepted form (valid bodies, valid first so a failure shrinks to
 * it).
 */
export const BODY_CORNERS: readonly Body[] = [
  body('self_service', true),
  body('agent_assisted', true),
  body('agent_assisted', false),
  body('agent_assisted', true, true),
  body('agent_assisted', true, false, true),
  body('self_service', false),
  body('self_service', false, true),
  body('self_service', true, false, true),
];

/** Corners that need a plan id the target accepts. */
const needsPlan = (b: Body) => b.planId;

/** A valid body of each flow under each gate role (approved first, so a failure shrinks to it). */
function gateCases(roles: readonly string[]): SessionCase[] {
  return roles.flatMap((role) =>
    (['self_service', 'agent_assisted'] as const).map((flow) => ({ ...body(flow, true), role })),
  );
}

/** One run: the cases it sends, in order. */
export type SessionRun = SessionCase[];

export interface SessionCaseOptions {
  /** Gate roles the profile has keys for. */
  roles: readonly string[];
  /** The target has a plan id to send. */
  planId: boolean;
}

const usable = (o: SessionCaseOptions) =>
  BODY_CORNERS.filter((b) => o.planId || !needsPlan(b)).map((b): SessionCase => ({ ...b, role: 'approved' }));
const gated = (o: SessionCaseOptions) => gateCases(o.roles.filter((r) => r !== 'approved' && Object.hasOwn(GATES, r)));

/**
 * Drawn runs: one case, a body corner or a gate case, from their tables (the first corner, a valid body, is where
 * shrinking ends).
 */
export function sessionRuns(o: SessionCaseOptions): fc.Arbitrary<SessionRun> {
  return fc.constantFrom(...usable(o), ...gated(o)).map((c) => [c]);
}

/**
 * The first runs: every body corner and every gate case once, paired in table order (the longer list sets the count).
 */
export function directedRuns(o: SessionCaseOptions): SessionRun[] {
  const corners = usable(o).slice(1);
  const gates = gated(o);
  const n = Math.max(corners.length, gates.length);
  return Array.from(
    { length: n },
    (_, i): SessionRun => [corners[i % corners.length]!, ...(gates.length > 0 ? [gates[i % gates.length]!] : [])],
  );
}
