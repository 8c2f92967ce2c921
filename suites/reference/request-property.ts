/**
 * One generative property per read operation: requests drawn from the loaded contract (valid
 * ones built from what the target is known to have, and variants that each break one named
 * constraint) are answered as the rules say. Shared by the reference and policy-status suites.
 *
 * - a valid request gets 200 and a body valid for the operation (or another status the spec
 *   allows for values drawn from the whole domain), and holds the spec's relations (`judge`);
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
  wrongIn,
  type ApiRequest,
  type CheckContext,
  type Exchange,
  type Needs,
} from '../../harness/suite/index.js';

/** `name:constraint` (as in an InvalidVariant's `breaks`) -> the rule that states its 400. */
type BreakRules = Readonly<Record<string, string>>;

export interface RequestPropertySpec {
  title: string;
  operationId: string;
  /** The rule of the operation's 200 for a valid request. */
  okRule: string;
  breaks: BreakRules;
  /** Known values beyond the profile's own (e.g. a plan year fixture under `plan_year`). */
  known?: (t: CheckContext) => KnownValues;
  /** Query parameters of valid requests drawn from the contract's domain instead (generators/domain). */
  domain?: (t: CheckContext) => Record<string, fc.Arbitrary<string>>;
  /**
   * Domain values the first runs take, one valid request each (e.g. a territory: a class a target may mishandle whole).
   */
  examples?: (t: CheckContext) => Array<Record<string, string>>;
  /** Statuses a valid request may get besides 200 (e.g. 404 for a state the target has no issuers in). */
  alsoOk?: readonly number[];
  /** Relations a valid request's 200 answer holds on any conforming target, and their rules. */
  judge?: { rules: readonly string[]; check: (t: CheckContext, ex: Exchange) => void };
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

function validOf(t: CheckContext, spec: RequestPropertySpec): fc.Arbitrary<GeneratedRequest> {
  const operation = t.target.contract.operation(spec.operationId);
  if (!operation) throw new SkipCheck(`operation ${spec.operationId} in the loaded contract`);
  return validRequest(operation, { known: t.target.known(spec.known?.(t)) });
}

/** The directed first runs: a valid request of the seed with each example's domain values. */
function examplesOf(t: CheckContext, spec: RequestPropertySpec): Case[] {
  const examples = spec.examples?.(t) ?? [];
  if (examples.length === 0) return [];
  const [base] = fc.sample(validOf(t, spec), { seed: t.config.seed, numRuns: 1 });
  return examples.map((query): Case => ({ kind: 'valid', request: { ...base!, query: { ...base!.query, ...query } } }));
}

function cases(t: CheckContext, spec: RequestPropertySpec): fc.Arbitrary<Case> {
  const operation = t.target.contract.operation(spec.operationId);
  if (!operation) throw new SkipCheck(`operation ${spec.operationId} in the loaded contract`);
  const known = t.target.known(spec.known?.(t));
  const drawn = spec.domain?.(t) ?? {};
  const valid = fc
    .tuple(validRequest(operation, { known }), fc.record(drawn))
    .map(
      ([request, query]): Case => ({ kind: 'valid', request: { ...request, query: { ...request.query, ...query } } }),
    );
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
      ...(spec.judge?.rules ?? []),
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
        ...(c.kind === 'valid' ? {} : wrongIn(c.variant.breaks.name)),
      });
      expectNo5xx(t.expect.rules('EDGE-NO-5XX'), ex);
      if (c.kind === 'valid') {
        t.expect.rules(spec.okRule).status(ex, [200, ...(spec.alsoOk ?? [])]);
        if (ex.response?.status !== 200) t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
        else spec.judge?.check(t, ex);
      } else if (c.rule) {
        t.expect.rules(c.rule).status(ex, 400);
        t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
      } else {
        return;
      }
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, spec.operationId);
    },
    { needs: spec.needs, examples: (t) => examplesOf(t, spec) },
  );
}
