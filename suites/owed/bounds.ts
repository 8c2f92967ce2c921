/**
 * Every member of an operation's request at the bounds its loaded document states (sections 2,
 * 4 and 8 where the prose states them too; the provider's document, the older ICHRA and Medicare
 * ones): query, path and body members, nested ones too, on each bound from both sides
 * (generators/boundCases.ts). A request with members inside their bounds, everything else as
 * the valid request has it, is accepted (its success, or the 404 of an item the target does not
 * have where the document lists one); one with a member a step outside one bound is refused with
 * a 4xx in the family's envelope; neither is a 5xx. The run profile's bound budget decides how
 * many requests a run sends and which (bound-schedule.ts): a few each run, the next ones the run
 * after, so consecutive seeds cover every bound of every operation.
 */
import type { BoundCase } from '../../generators/index.js';
import { expectNo5xx } from '../../harness/checks/index.js';
import type { Family } from '../../harness/model.js';
import { runProfile } from '../../harness/run-profiles.js';
import { ruleCatalogue } from '../../harness/suite/catalogue.js';
import {
  draw,
  needsOf,
  SkipCheck,
  type ApiRequest,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import type { Operation } from '../../harness/contract/types.js';
import { OPERATIONS, type OperationEntry } from '../operations.js';
import { casesOf, documentAllows, withValues, type Placed } from './bound-requests.js';
import { inTurnsBy, probeAt, turnsOf, turnsToCover, type Probe } from './bound-schedule.js';
import { whereHeld } from './catalogue.js';
import { expectServiceRefusalShape, serviceEnvelopeName, serviceShapeRule } from './envelopes.js';
import type { Owed } from './types.js';

/** Requests one operation's check sends in one run at most: within its time at a tier's one request a second. */
const MOST_PER_CHECK = 30;

const INSIDE = 'SCHEMA-BOUND-INSIDE';
const OUTSIDE = 'SCHEMA-BOUND-OUTSIDE';

/**
 * Members whose values select what an operation does, by operationId: their outside cases are sent, their inside
 * values are not moved (the pairs of them a target serves are not stated; the family's generated requests draw them).
 */
const SELECTORS: Readonly<Record<string, readonly string[]>> = {
  // 4.6: each flow has its own gate (an OAuth link, a deeplink agent id) and conditional members.
  createEnrollmentSession: ['context.flow'],
  // 2.5: one market and one coverage type per request; which coverage a family or product quotes is not shown.
  createQuote: ['context.product', 'context.exchange', 'context.coverage_family', 'context.coverage_type'],
};

const moved = (op: Pick<OperationEntry, 'operationId'>, c: BoundCase): boolean =>
  c.side === 'outside' || !(SELECTORS[op.operationId] ?? []).includes(c.member);

/** Whether the catalogue holds `rule` for `family`. */
const holds = (family: Family, rule: string): boolean => ruleCatalogue().byId(rule)?.families.includes(family) === true;

/** The rules of `family`'s check: a refusal is stated where OUTSIDE holds, else only that it is no 5xx. */
const rulesOf = (family: Family): string[] => [
  INSIDE,
  ...(holds(family, OUTSIDE) ? [OUTSIDE] : []),
  'EDGE-NO-5XX',
  serviceShapeRule(family),
];

/** An operation's cases, the inside ones by member (in the document's order), and the turns they need. */
interface Plan {
  inside: BoundCase[][];
  outside: BoundCase[];
  groups: number;
}

/** A bound's kind: its words without its figures (`one above the maximum`, `a value outside the enum`). */
const kindOf = (c: BoundCase): string => c.bound.replace(/\(.*?\)|-?\d[\d.]*/g, '').trim();

function planOf(op: Pick<OperationEntry, 'operationId'>, cases: readonly BoundCase[]): Plan {
  const byMember = new Map<string, BoundCase[]>();
  for (const c of cases.filter((x) => x.side === 'inside' && moved(op, x)))
    byMember.set(c.member, [...(byMember.get(c.member) ?? []), c]);
  const inside = [...byMember.values()];
  return {
    inside,
    // A run sends few outside cases of an operation: a step past a date, a length and a maximum finds more than three
    // enum values in a row.
    outside: inTurnsBy(
      cases.filter((c) => c.side === 'outside'),
      kindOf,
    ),
    groups: Math.max(0, ...inside.map((m) => m.length)),
  };
}

/** The routes owing this check among the run's families, with the turns each needs by its document alone. */
async function participants(t: CheckContext): Promise<Array<{ route: string; weight: number }>> {
  // The home registers this check: its matrix says which routes owe it (a static import would be a cycle).
  const { owingOf } = await import('./index.js');
  const ops = OPERATIONS.filter((op) => t.config.families.includes(op.family));
  return owingOf(ops, [BOUNDS])
    .filter((o) => o.check !== undefined && 'rules' in o.applies && !('unstated' in o.applies))
    .map((o) => {
      const entry = ops.find((op) => op.operationId === o.operationId)!;
      const doc = t.target.documented(o.operationId, o.route);
      const plan = doc ? planOf(entry, casesOf(doc, o.route, undefined)) : undefined;
      return { route: o.route, weight: Math.max(1, plan ? turnsToCover(plan.groups, plan.outside.length) : 1) };
    });
}

/** The valid request with each inside member at value `group` of its cases, where the document allows them together. */
function insideRequest(
  t: CheckContext,
  op: OperationEntry,
  doc: Operation,
  plan: Plan,
  group: number,
  valid: ApiRequest,
) {
  let placed: Placed[] = [];
  let req = valid;
  for (const member of plan.inside) {
    const c = member[group % member.length]!;
    const value = draw(t, c.value, `${op.route} ${c.member} ${c.bound} ${group}`);
    const next = withValues(valid, op.route, [...placed, { case: c, value }]);
    if (!documentAllows(doc, next, [...placed, { case: c, value }])) continue;
    placed = [...placed, { case: c, value }];
    req = next;
  }
  return { req, placed };
}

/** The valid request with outside case `index` (or the next one the document refuses) in its member. */
function outsideRequest(
  t: CheckContext,
  op: OperationEntry,
  doc: Operation,
  plan: Plan,
  index: number,
  valid: ApiRequest,
) {
  for (let d = 0; d < plan.outside.length; d += 1) {
    const c = plan.outside[(index + d) % plan.outside.length]!;
    const placed = [{ case: c, value: draw(t, c.value, `${op.route} ${c.member} ${c.bound}`) }];
    const req = withValues(valid, op.route, placed);
    if (!documentAllows(doc, req, placed)) return { req, placed };
  }
  return undefined;
}

const describe = (placed: readonly Placed[]): string =>
  placed.map((p) => `${p.case.member} (${p.case.bound})`).join(', ');

const statusOf = (ex: Exchange): number => ex.response?.status ?? 0;

function judgeInside(t: CheckContext, doc: Operation, ex: Exchange, placed: readonly Placed[]): void {
  const absent = '404' in doc.responses;
  const status = statusOf(ex);
  t.expect.rules(INSIDE).that(ex, {
    holds: (status >= 200 && status < 300) || (absent && status === 404),
    title: 'a request with its members inside their stated bounds is not accepted',
    expected: `a success${absent ? ' (or 404: the item is not there)' : ''} for ${describe(placed)}`,
    observed: () => `status ${status}: ${ex.response?.body.slice(0, 300) ?? ex.error ?? 'no answer'}`,
  });
}

function judgeOutside(
  t: CheckContext,
  op: OperationEntry,
  ex: Exchange,
  placed: readonly Placed[],
  rules: readonly string[],
) {
  const status = statusOf(ex);
  if (rules.includes(OUTSIDE))
    t.expect.rules(OUTSIDE).that(ex, {
      holds: status >= 400 && status < 500,
      title: 'a member a step outside its stated bound is not refused',
      expected: `a 4xx for ${describe(placed)}`,
      observed: () => `status ${status}: ${ex.response?.body.slice(0, 300) ?? ex.error ?? 'no answer'}`,
    });
  expectServiceRefusalShape(t, op.family, ex);
}

async function sendProbe(
  t: CheckContext,
  op: OperationEntry,
  doc: Operation,
  plan: Plan,
  probe: Probe,
  rules: readonly string[],
) {
  const valid = await op.request(t);
  const built =
    probe.side === 'inside'
      ? insideRequest(t, op, doc, plan, probe.group, valid)
      : outsideRequest(t, op, doc, plan, probe.case, valid);
  if (!built || built.placed.length === 0) return;
  const ex = await t.send({ ...built.req, label: `${probe.side}: ${describe(built.placed)}` });
  expectNo5xx(t.expect.rules('EDGE-NO-5XX'), ex);
  if (probe.side === 'inside') judgeInside(t, doc, ex, built.placed);
  else judgeOutside(t, op, ex, built.placed, rules);
}

export const BOUNDS: Owed = {
  name: 'bounds',
  applies: (op) => whereHeld(op.family, rulesOf(op.family)),
  title: (op) =>
    `${op.route} accepts each request member on its stated bounds and ` +
    (holds(op.family, OUTSIDE)
      ? `refuses one a step outside with a 4xx in the ${serviceEnvelopeName(op.family)}`
      : 'answers one a step outside with no 5xx'),
  needs: (op) => needsOf([op]),
  async run(t, op, rules) {
    const doc = t.target.documented(op.operationId, op.route);
    if (!doc) throw new SkipCheck(`${op.operationId} in the loaded documents`);
    const budget = runProfile(t.config.runProfile).boundRequests ?? 0;
    // The operation itself shares the budget whatever the table holds (a scratch operation, a test's).
    const others = await participants(t);
    const all = others.some((p) => p.route === op.route) ? others : [...others, { route: op.route, weight: 1 }];
    const index = all.findIndex((p) => p.route === op.route);
    const turns = turnsOf(
      all.map((p) => p.weight),
      index,
      budget,
      t.config.seed,
      MOST_PER_CHECK,
    );
    if (turns.count === 0)
      throw new SkipCheck(
        `a request of the run's bound budget (${budget}, ${t.config.runProfile}): seed ${t.config.seed} gives it none`,
      );
    const plan = planOf(op, casesOf(doc, op.route, await op.request(t)));
    if (plan.groups === 0 && plan.outside.length === 0)
      throw new SkipCheck(`a bound the loaded document states for a member of ${op.operationId}'s request`);
    for (let turn = turns.first; turn < turns.first + turns.count; turn += 1)
      await sendProbe(t, op, doc, plan, probeAt(turn, plan.groups, plan.outside.length), rules);
  },
};
