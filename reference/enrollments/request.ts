/**
 * Structural checks shared by the direct-enrollment handlers: a request that fails one of
 * these is a 400 service failure in the `errors[]` envelope; nothing is stored. Bodies are
 * checked against the provider's request schemas (core/request-schemas.ts); the agent and TPA
 * members are the contract's own refusals (2.8), each with the fault that lets it through.
 */
import { requestProblems, type RequestSchema } from '../core/request-schemas.js';
import type { Fault, IsOn } from '../core/switch.js';
import type { RouteResult } from '../types.js';
import { fail, invalidRequest } from './errors.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { isObject } from '../core/shape.js';

/** Agent and TPA identifiers come from the approved account setup (2.8), with the fault that lets each through. */
const REJECTED_MEMBERS: ReadonlyArray<{
  field: string;
  present: (b: Record<string, unknown>) => boolean;
  fault: Fault;
}> = [
  { field: '_agent_id', present: (b) => b._agent_id !== undefined, fault: F.createAcceptsAgentId },
  { field: 'tpa_slug', present: (b) => b.tpa_slug !== undefined, fault: F.createAcceptsTpaSlug },
  {
    field: 'actor.agent_id',
    present: (b) => isObject(b.actor) && b.actor.agent_id !== undefined,
    fault: F.createAcceptsActorAgentId,
  },
  { field: 'agent_of_record', present: (b) => b.agent_of_record !== undefined, fault: F.createAcceptsAgentOfRecord },
];

/** The first rejected agent/TPA member in a body, unless its fault lets it through. */
export function rejectAgentMembers(body: Record<string, unknown>, on: IsOn): RouteResult | null {
  for (const m of REJECTED_MEMBERS) {
    if (m.present(body) && !on(m.fault)) {
      return fail(
        400,
        'invalid_request',
        `${m.field} is not accepted: agent and TPA identifiers come from the approved account setup. Remove it.`,
        // The fault names the partner reference instead of the member at fault.
        on(F.rejectedMemberNamesExternalId) ? 'external_id' : m.field,
      );
    }
  }
  return null;
}

/** The body must be a JSON object. */
export function notAnObject(body: unknown): RouteResult | null {
  return isObject(body) ? null : fail(400, 'invalid_request', 'The request body must be a JSON object.');
}

/** What the document's request schema refuses in `body`, as a 400; null when it conforms. */
export function schemaRefusal(schema: RequestSchema, body: unknown): RouteResult | null {
  const problems = requestProblems(schema, body);
  return problems.length ? invalidRequest(problems) : null;
}

/** Query parameters other than `allowed` give `400 invalid_request` (4.9, 4.12). */
export function unsupportedParam(query: Record<string, string>, allowed: readonly string[]): RouteResult | null {
  const extra = Object.keys(query).find((name) => !allowed.includes(name));
  if (extra === undefined) return null;
  return fail(
    400,
    'invalid_request',
    `Unsupported query parameter ${JSON.stringify(extra)}; supported: ${allowed.join(', ')}.`,
    extra,
  );
}

/**
 * `product=ichra` and `exchange=off_exchange` in the query (the document requires both); under
 * the fault, only when they lead it in that order.
 */
export function checkRoutingQuery(
  query: Record<string, string>,
  status = 400,
  on: IsOn = () => false,
): RouteResult | null {
  const expected: Array<[string, string]> = [
    ['product', 'ichra'],
    ['exchange', 'off_exchange'],
  ];
  // The query's names keep the order they were sent in (URLSearchParams, string keys).
  const led = Object.keys(query).slice(0, 2).join() === 'product,exchange';
  for (const [name, value] of expected) {
    const got = on(F.routingParametersLead) && !led ? undefined : query[name];
    if (got !== value) {
      const code = got === undefined ? 'missing_required_field' : 'invalid_field_value';
      return fail(status, code, `Query parameter ${name} must be ${JSON.stringify(value)}.`, name);
    }
  }
  return null;
}
