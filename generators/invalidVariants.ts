import { baseParam, baseParts } from './_internals/helpers/baseParts.js';
import { bodyMembers } from './_internals/helpers/bodyMembers.js';
import { isClamped } from './_internals/helpers/clamped.js';
import { conforms, matchingAlternative } from './_internals/helpers/conforms.js';
import { rootContext } from './_internals/helpers/context.js';
import type { FlatSchema } from './_internals/helpers/flatSchema.js';
import { CONSTRAINT_DETAIL, INVALID_CANDIDATES } from './_internals/helpers/invalidCandidates.js';
import { deleteAt, setAt } from './_internals/helpers/jsonPath.js';
import { leafViolations } from './_internals/helpers/leafViolations.js';
import { operationModel } from './_internals/helpers/operationModel.js';
import { paramToText } from './_internals/helpers/paramText.js';
import { sampleValue } from './_internals/helpers/sampleValue.js';
import { memberArbitrary } from './_internals/builders/schemaArbitrary.js';
import { renderRequest, type RequestParts } from './_internals/mappers/requestParts.js';
import type { Constraint, ConstraintLocation, InvalidVariant, Operation, RequestOptions } from './types.js';

/** Constraints tried on each member, in this order (required comes first, separately). */
const CONSTRAINTS = ['type', 'enum', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum'] as const;

const WHERE: Record<ConstraintLocation, string> = {
  query: 'query parameter',
  path: 'path parameter',
  header: 'header',
  body: 'body member',
};

/** The first candidate that breaks `constraint` and nothing else at this member. */
function breaking(flat: FlatSchema, base: unknown, constraint: (typeof CONSTRAINTS)[number], asText: boolean): unknown {
  return INVALID_CANDIDATES[constraint](flat, base, asText).find((c) => {
    const broken = leafViolations(flat, c);
    const changed = asText ? paramToText(c) !== paramToText(base) : c !== base;
    return changed && broken.length === 1 && broken[0] === constraint;
  });
}

interface Member {
  location: ConstraintLocation;
  name: string;
  flat: FlatSchema;
  base: unknown;
  required: boolean;
  clamped: boolean;
  asText: boolean;
  /** The base request with this member set to a value, or left out (undefined). */
  with(value: unknown): RequestParts;
  /** Whether the request as a whole is still valid (another alternative of the body accepts it). */
  stillValid?(parts: RequestParts): boolean;
}

function memberVariants(m: Member, render: (p: RequestParts) => InvalidVariant['request']): InvalidVariant[] {
  const out: InvalidVariant[] = [];
  const add = (constraint: Constraint, parts: RequestParts, what: string) => {
    // A change another alternative still accepts (e.g. a member a `not` rule only constrains when present) breaks
    // nothing.
    if (m.stillValid?.(parts)) return;
    out.push({
      request: render(parts),
      breaks: { location: m.location, name: m.name, constraint },
      description: `${WHERE[m.location]} ${m.name} ${what}: ${CONSTRAINT_DETAIL[constraint](m.flat)}`,
    });
  };
  if (m.required) add('required', m.with(undefined), 'omitted');
  for (const constraint of CONSTRAINTS) {
    if (m.clamped && (constraint === 'minimum' || constraint === 'maximum')) continue;
    const bad = breaking(m.flat, m.base, constraint, m.asText);
    if (bad !== undefined) add(constraint, m.with(bad), `= ${JSON.stringify(bad)}`);
  }
  return out;
}

/**
 * Requests that each break exactly one named constraint (required, type, enum — const counts
 * as enum —, pattern, format, minLength, maxLength, minimum, maximum) of one parameter or body
 * member, everything else as in a fixed valid base request. Path parameters are never left
 * out. Minimum/maximum variants are not produced for members the contract says are clamped
 * (`x-clamped: true`, or a description saying out-of-range values are "treated as" or
 * "resolve to" a value). Known values are the base that gets broken (e.g. a known ZIP code
 * loses a digit). Deterministic: the same operation and options give the same list.
 */
export function invalidVariants(operation: Operation, opts: RequestOptions = {}): InvalidVariant[] {
  const model = operationModel(operation);
  const render = renderRequest(model);
  const base = baseParts(model, opts);
  const members: Member[] = [];
  for (const p of model.params) {
    const value = baseParam(base, p, opts);
    const flat = matchingAlternative(p.schema, value);
    if (!flat) continue;
    members.push({
      location: p.in,
      name: p.name,
      flat,
      base: value,
      asText: true,
      required: p.required && p.in !== 'path',
      clamped: isClamped(p.parameter, flat),
      with: (v) => {
        const params = { ...base.params, [p.key]: v };
        if (v === undefined) delete params[p.key];
        return { ...base, params };
      },
    });
  }
  if (model.body) {
    for (const m of bodyMembers(model.body.schema, base.body)) {
      const name = m.path.join('.');
      const value = m.present
        ? m.path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], base.body)
        : sampleValue(memberArbitrary(m.flat, rootContext(opts.known, name, true)));
      members.push({
        location: 'body',
        name,
        flat: m.flat,
        base: value,
        asText: false,
        required: m.required && m.present,
        clamped: isClamped(m.flat),
        with: (v) => ({ ...base, body: v === undefined ? deleteAt(base.body, m.path) : setAt(base.body, m.path, v) }),
        stillValid: (parts) => conforms(model.body!.schema, parts.body),
      });
    }
  }
  return members.flatMap((m) => memberVariants(m, render));
}
