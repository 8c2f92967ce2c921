/**
 * Sequences of operations on applications of one carrier: fast-check's commands, weighted so a
 * few runs reach every state (status changes are drawn more often than reads), and bounded in
 * length so a run costs a known number of requests.
 */
import fc from 'fast-check';
import type { PlanFixture } from '../requests.js';
import { ActionCommand } from './commands/actions.js';
import { CreateCommand, MAX_APPS } from './commands/create.js';
import { ListCommand, PaymentCommand, ReadCommand, UpdateCommand, UploadCommand } from './commands/reads.js';
import type { Model } from './model.js';
import type { Real } from './system.js';

/** Commands one run draws at most (the shrinker only shortens). */
const MAX_COMMANDS = 6;

type Arb = fc.Arbitrary<fc.AsyncCommand<Model, Real>>;

const pick = fc.nat({ max: MAX_APPS - 1 });
/** Shrinks towards a complete applicant. */
const incomplete = fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

/** A create of `plan`: coverage today (it can become active) or later (it stays pending). */
const create = (plan: PlanFixture): fc.Arbitrary<CreateCommand> =>
  fc
    .tuple(fc.constantFrom('today' as const, 'future' as const), fc.boolean(), incomplete)
    .map(([start, sep, inc]) => new CreateCommand(plan, start, sep, inc));

/** Each command arbitrary with how often it is drawn. */
function weighted(plan: PlanFixture): Array<[weight: number, arb: Arb]> {
  return [
    [1, create(plan)],
    [4, pick.map((p) => new ActionCommand('submit', p))],
    [2, pick.map((p) => new ActionCommand('cancel', p))],
    [2, pick.map((p) => new ActionCommand('terminate', p))],
    [2, pick.map((p) => new UpdateCommand(p))],
    [1, pick.map((p) => new ReadCommand(p))],
    [1, pick.map((p) => new ListCommand(p))],
    [1, pick.map((p) => new PaymentCommand(p))],
    [1, pick.map((p) => new UploadCommand(p))],
  ];
}

/** A sequence: the first application's create, whether it is submitted at once, then the drawn commands. */
export type StateSequence = [first: CreateCommand, submitFirst: boolean, rest: Iterable<fc.AsyncCommand<Model, Real>>];

/**
 * Two sequences in three submit the first application at once, so most commands meet a submitted one; shrinks to not.
 */
const submitFirst = fc.nat({ max: 2 }).map((n) => n > 0);

/**
 * Sequences over applications of `plan`; each starts by creating one, so no run is spent on
 * commands with nothing to act on. `replayPath` (printed with a failure) replays its shrinking.
 */
export function stateSequences(plan: PlanFixture, replayPath?: string): fc.Arbitrary<StateSequence> {
  const arbs = weighted(plan).flatMap(([weight, arb]) => Array.from({ length: weight }, () => arb));
  return fc.tuple(
    create(plan),
    submitFirst,
    fc.commands(arbs, { maxCommands: MAX_COMMANDS, size: 'max', ...(replayPath ? { replayPath } : {}) }),
  );
}

/** The commands of a sequence, in order. */
export const commandsOf = ([first, submit, rest]: StateSequence): Array<fc.AsyncCommand<Model, Real>> => [
  first,
  ...(submit ? [new ActionCommand('submit', 0)] : []),
  ...rest,
];
