/**
 * The approval gates (5.4): a valid key of an account without approvals is refused with 403
 * `forbidden` on every gated operation, in the envelope its family's gate answers in, and served
 * on every operation no gate guards. The request is the operation's valid one, sent with the
 * `unapproved` role's key, so only the account's approvals can be the reason for a refusal.
 */
import { needsOf, type Needs } from '../../harness/suite/index.js';
import type { OperationEntry } from '../operations.js';
import { whereHeld } from './catalogue.js';
import { expectGateRefusal, gateShapeRules } from './envelopes.js';
import type { Owed } from './types.js';

const UNAPPROVED = 'unapproved';
const OPEN = 'GATE-UNGATED-OPEN';

/** The operation's needs and the `unapproved` role, whose key must not be the approved one. */
const withUnapproved = (op: OperationEntry): Needs => {
  const needs = needsOf([op]);
  return { ...needs, roles: [...(needs.roles ?? []), UNAPPROVED], distinctKeys: ['approved', UNAPPROVED] };
};

export const GATE: Owed = {
  name: 'gate',
  applies: (op) =>
    op.gate === undefined
      ? { reason: 'no approval gate guards it' }
      : whereHeld(op.family, [op.gate, ...gateShapeRules(op.family), 'SCHEMA-RESPONSE-VALID']),
  title: (op) => `${op.route} with a valid key of an account not approved for it gets 403 forbidden`,
  needs: withUnapproved,
  async run(t, op) {
    const ex = await t.send({ ...(await op.request(t)), role: t.role(UNAPPROVED) });
    expectGateRefusal(t, op.family, ex, op.gate!);
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, op.operationId);
  },
};

/** Every 2xx: an open operation whose contract states no success status answers any success. */
const ANY_SUCCESS = Array.from({ length: 100 }, (_, i) => 200 + i);

export const OPEN_ACCESS: Owed = {
  name: 'open',
  applies: (op) => (op.gate !== undefined ? { reason: `approval-gated (${op.gate})` } : whereHeld(op.family, [OPEN])),
  title: (op) => `${op.route} answers a valid key of an account without approvals with its success`,
  needs: withUnapproved,
  async run(t, op) {
    const ex = await t.send({ ...(await op.request(t)), role: t.role(UNAPPROVED) });
    t.expect.rules(OPEN).status(ex, op.success?.status ?? ANY_SUCCESS);
  },
};
