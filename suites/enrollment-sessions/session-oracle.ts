/**
 * The outcome 2.6 and 4.6 allow for a session request drawn as flow x plan_id x campaign x
 * location.state x the key's gates: 200, 400 or 403, with the rule a different answer breaks.
 * Where the contract does not order two reasons (a refused body sent with a gated key) both
 * answers are allowed.
 */
import type { Needs } from '../../harness/suite/index.js';
import type { Flow } from './session-body.js';

export interface SessionCase {
  flow: Flow;
  /** Key role: approved, or one whose setup fails one gate. */
  role: string;
  state: boolean;
  planId: boolean;
  campaign: boolean;
}

export interface SessionOutcome {
  statuses: readonly number[];
  rule: string;
  /** A 403 of the gate: `forbidden` in the unified envelope (section 5, 7). */
  forbidden: boolean;
}

/** Per role: the flows its gate refuses, with the rule, and the flow it lets through by a "does not consult" rule. */
export const GATES: Readonly<Record<string, { blocks: Partial<Record<Flow, string>>; passes?: [Flow, string] }>> = {
  approved: { blocks: {} },
  unapproved: {
    blocks: { agent_assisted: 'GATE-SESSIONS-UNAPPROVED-403', self_service: 'GATE-SESSIONS-UNAPPROVED-403' },
  },
  oauthUnhealthy: {
    blocks: { agent_assisted: 'GATE-SESSIONS-AGENT-OAUTH-403' },
    passes: ['self_service', 'GATE-SESSIONS-SELF-SERVICE-IGNORES-OAUTH'],
  },
  selfServiceNoAgent: {
    blocks: { self_service: 'GATE-SESSIONS-SELF-SERVICE-AGENT-ID-403' },
    passes: ['agent_assisted', 'GATE-SESSIONS-AGENT-IGNORES-AGENT-ID'],
  },
};

/** The conditional rules of 2.6: when a body breaks one, in the order a finding names them. */
const BODY_RULES: ReadonlyArray<{
  flow: Flow;
  breaks: (c: SessionCase) => boolean;
  rule: string;
  /** The members a body that breaks the rule has wrong: the flow, and what it refuses or needs. */
  members: readonly string[];
}> = [
  {
    flow: 'agent_assisted',
    breaks: (c) => !c.state,
    rule: 'SESSIONS-AGENT-STATE-REQUIRED',
    members: ['context.flow', 'location.state'],
  },
  {
    flow: 'agent_assisted',
    breaks: (c) => c.planId,
    rule: 'SESSIONS-AGENT-PLAN-ID-REJECTED',
    members: ['context.flow', 'plan_id'],
  },
  {
    flow: 'agent_assisted',
    breaks: (c) => c.campaign,
    rule: 'SESSIONS-AGENT-CAMPAIGN-REJECTED',
    members: ['context.flow', 'campaign'],
  },
  {
    flow: 'self_service',
    breaks: (c) => !c.state && !c.planId,
    rule: 'SESSIONS-SELF-SERVICE-STATE-OR-PLAN',
    members: ['context.flow', 'location.state', 'plan_id'],
  },
];

/** The members a drawn body has wrong (none when every conditional rule holds). */
export const wrongMembersOf = (c: SessionCase): string[] =>
  BODY_RULES.filter((r) => r.flow === c.flow && r.breaks(c)).flatMap((r) => r.members);

/** The rule an accepted request proves: the gate it passes, else what it carries beyond the minimum. */
function acceptRule(c: SessionCase): string {
  const passes = GATES[c.role]?.passes;
  if (passes && passes[0] === c.flow) return passes[1];
  if (c.flow === 'self_service' && c.campaign) return 'SESSIONS-SELF-SERVICE-CAMPAIGN';
  if (c.flow === 'self_service' && c.planId && !c.state) return 'SESSIONS-SELF-SERVICE-PLAN-ONLY';
  return 'SESSIONS-200';
}

export function sessionOutcome(c: SessionCase): SessionOutcome {
  const broken = BODY_RULES.filter((r) => r.flow === c.flow && r.breaks(c));
  const gate = GATES[c.role]?.blocks[c.flow];
  if (broken.length > 0 && gate) return { statuses: [400, 403], rule: broken[0].rule, forbidden: false };
  if (gate) return { statuses: [403], rule: gate, forbidden: true };
  if (broken.length > 0) return { statuses: [400], rule: broken[0].rule, forbidden: false };
  return { statuses: [200], rule: acceptRule(c), forbidden: false };
}

/** Every rule the oracle can name. */
export const SESSION_ORACLE_RULES = [
  ...new Set([
    ...BODY_RULES.map((r) => r.rule),
    ...Object.values(GATES).flatMap((g) => [...Object.values(g.blocks), ...(g.passes ? [g.passes[1]] : [])]),
    'SESSIONS-SELF-SERVICE-CAMPAIGN',
    'SESSIONS-SELF-SERVICE-PLAN-ONLY',
    'SESSIONS-200',
  ]),
] as string[];

/**
 * What a drawn case needs to name a rule beyond the approved key: a key of the gate's role for
 * the gate rules, a plan id for the rules about plan_id (session-cases.ts draws it only then).
 */
export const SESSION_ORACLE_NEEDS: Readonly<Record<string, Needs>> = {
  ...Object.fromEntries(
    Object.entries(GATES).flatMap(([role, gate]) =>
      [...Object.values(gate.blocks), ...(gate.passes ? [gate.passes[1]] : [])].map((rule) => [
        rule,
        { roles: [role] },
      ]),
    ),
  ),
  'SESSIONS-AGENT-PLAN-ID-REJECTED': { fixtures: ['sessionPlanId'] },
  'SESSIONS-SELF-SERVICE-PLAN-ONLY': { fixtures: ['sessionPlanId'] },
};
