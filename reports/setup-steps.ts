/**
 * Setup steps, told once: the first check a failed step blocked gives the step its own finding
 * (`subject: 'step'`), which names the step, its exchange and the rules it breaks; every check
 * it blocked keeps its `blocked` verdict and names the step. Reports group the checks under it.
 */
import type { Finding, Rule } from '../harness/model.js';
import { warningReasonOf } from '../harness/rules.js';
import type { Catalogue } from './types.js';

export const isStepFinding = (f: Finding): boolean => f.subject === 'step';

/** A check blocked by a setup step (not by a transport cause). */
const isBlockedByStep = (f: Finding): f is Finding & { step: NonNullable<Finding['step']> } =>
  f.verdict === 'blocked' && f.subject !== 'step' && f.step !== undefined;

/**
 * The step's verdict: `failed` when it breaks a stated rule (or any rule under --strict),
 * `warning` when it breaks only inferred ones, `blocked` when it breaks none (the contract does
 * not require the step to succeed: the target is not set up for it).
 */
function stepVerdict(
  breaks: readonly string[],
  catalogue: Catalogue,
  strict: boolean,
): Pick<Finding, 'verdict' | 'warningReason'> {
  if (breaks.length === 0) return { verdict: 'blocked' };
  const inferred = breaks.map((id) => catalogue.get(id)).filter((r): r is Rule => r?.strength === 'inferred');
  if (strict || inferred.length < breaks.length) return { verdict: 'failed' };
  return { verdict: 'warning', warningReason: warningReasonOf(inferred) };
}

/** The one finding of the step that blocked `blocked`. */
function stepFinding(
  blocked: Finding & { step: NonNullable<Finding['step']> },
  catalogue: Catalogue,
  strict: boolean,
): Finding {
  const { exchange, ...step } = blocked.step;
  const judged = stepVerdict(step.breaks, catalogue, strict);
  const { verdict } = judged;
  return {
    check: `setup step: ${step.name}`,
    family: blocked.family,
    rules: [...step.breaks],
    section:
      [...new Set(step.breaks.map((id) => catalogue.get(id)?.section).filter((s) => s !== undefined))].join(', ') ||
      undefined,
    ...judged,
    ...(verdict === 'blocked' ? { blockedBy: 'the target did not complete the step (no rule requires it to)' } : {}),
    expected: step.expected + (step.hint ? ` (${step.hint})` : ''),
    observed: step.observed,
    message: `setup step "${step.name}" failed`,
    step,
    exchanges: exchange ? [exchange] : [],
    subject: 'step',
  };
}

/** A blocked check names its step; the step's exchange stays with the step's own finding. */
function withoutStepExchange(finding: Finding): Finding {
  if (!finding.step?.exchange) return finding;
  const { exchange: _exchange, ...step } = finding.step;
  return { ...finding, step };
}

/** Tells each failed step once within a run: before the first check it blocked. */
export class StepTeller {
  private readonly told = new Set<string>();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly strict: boolean,
  ) {}

  /** The findings to record for `finding`: the step's own first when the step is new, then the finding itself. */
  findingsFor(finding: Finding): Finding[] {
    if (!isBlockedByStep(finding)) return [finding];
    const first = !this.told.has(finding.step.name);
    this.told.add(finding.step.name);
    return first
      ? [stepFinding(finding, this.catalogue, this.strict), withoutStepExchange(finding)]
      : [withoutStepExchange(finding)];
  }
}

/** The checks each failed step blocked, by step name, in the order the steps were told. */
export function checksByStep(findings: readonly Finding[]): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const f of findings) if (isStepFinding(f) && f.step) out.set(f.step.name, []);
  for (const f of findings) if (isBlockedByStep(f)) out.get(f.step.name)?.push(f);
  return out;
}
