/**
 * One generative property per read operation: requests drawn from the loaded contract (valid
 * ones built from what the target is known to have, and variants that each break one named
 * constraint) are answered as the rules say. Shared by the reference and policy-status suites.
 *
 * - a valid request gets 200 and a body valid for the operation;
 * - a variant whose broken constraint a rule names (`BreakRules`) gets 400 in the unified
 *   envelope, and a failure names that rule;
 * - a variant no rule covers (e.g. `page[size]=not-a-number`, where the contract states no
 *   outcome) is held only to EDGE-NO-5XX;
 * - no request gets a 5xx.
 */
import fc from 'fast-check';
import {
  invalidVariants,
  validRequest,
  type GeneratedRequest,
  type InvalidVariant,
  type KnownValues,
} from '../../generators/index.js';
import { expectNo5xx } from '../../harness/checks/index.js';
import {
  SkipCheck,
  verifyProperty,
  type ApiRequest,
  type CheckContext,
  type Needs,
} from '../../harness/suite/index.js';

/** `name:constraint` (as in an InvalidVariant's `breaks`) -> the rule that states its 400. */
export type BreakRules = Readonly<Record<string, string>>;

export interface RequestPropertySpec {
  title: string;
  operationId: string;
  /** The rule of the operation's 200 for a valid request. */
  okRule: string;
  breaks: BreakRules;
  /** Known values beyond the profile's own (e.g. a plan year fixture under `plan_year`). */
  known?: (t: CheckContext) => KnownValues;
  needs?: Needs;
}

type Case = { kind: 'valid'; request: GeneratedRequest } | { kind: 'invalid'; variant: InvalidVariant; rule?: string };

const breakKey = (v: InvalidVariant): string => `${v.breaks.name}:${v.breaks.constraint}`;

const asApiRequest = (r: GeneratedRequest): ApiRequest => ({
  method: r.method.toUpperCase() as ApiRequest['method'],
  path: r.path,
  query: r.query,
  headers: r.headers,
});

function cases(t: CheckContext, spec: RequestPropertySpec): fc.Arbitrary<Case> {
  const operation = t.target.contract.operation(spec.operationId);
  if (!operation) throw new SkipCheck(`operation ${spec.operationId} in the loaded contract`);
  const known = t.target.known(spec.known?.(t));
  const valid = validRequest(operation, { known }).map((request): Case => ({ kind: 'valid', request }));
  const variants = invalidVariants(operation, { known });
  if (variants.length === 0) return valid;
  const invalid = fc
    .constantFrom(...variants)
    .map((variant): Case => ({ kind: 'invalid', variant, rule: spec.breaks[breakKey(variant)] }));
  return fc.oneof(valid, invalid);
}

export function requestProperty(spec: RequestPropertySpec): void {
  const ruleIds = [
    ...new Set([
      spec.okRule,
      ...Object.values(spec.breaks),
      'SCHEMA-RESPONSE-VALID',
      'ENVELOPE-UNIFIED-SHAPE',
      'EDGE-NO-5XX',
    ]),
  ];
  verifyProperty(
    spec.title,
    ruleIds,
    (t) => cases(t, spec),
    async (t, c) => {
      const request = c.kind === 'valid' ? c.request : c.variant.request;
      const ex = await t.send({
        ...asApiRequest(request),
        label: c.kind === 'valid' ? 'valid request' : c.variant.description,
      });
      expectNo5xx(t.expect.rules('EDGE-NO-5XX'), ex);
      if (c.kind === 'valid') {
        t.expect.rules(spec.okRule).status(ex, 200);
      } else if (c.rule) {
        t.expect.rules(c.rule).status(ex, 400);
        t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
      } else {
        return;
      }
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, spec.operationId);
    },
    { needs: spec.needs },
  );
}
