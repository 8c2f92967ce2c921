/**
 * Which faults the peers race on. Every fault takes a full run of each tool, so the default
 * is a stratified sample: one fault per rule area (the prefix of the fault's rule id, e.g.
 * ENR-LIST, IDEMP), the first of each area in the server's own order, so the sample is the
 * same on every machine. Only faults the given spec can describe: the peers get
 * specs/partner-api.yaml (the /v1 API), so faults of the older ICHRA and Medicare APIs are out.
 */
import type { FaultInfo } from '../../mutation/outcome.js';

/** Families the /v1 document describes (the others have their own documents). */
const V1_EXCLUDED_FAMILIES = new Set(['legacy-ichra', 'medicare']);

/** `ENR-LIST-LIMIT-DEFAULT` → `ENR-LIST`; `IDEMP-REPLAY-HEADER` → `IDEMP`. */
export function areaOf(ruleId: string): string {
  const parts = ruleId.split('-');
  return parts[0] === 'ENR' && parts.length > 1 ? `${parts[0]}-${parts[1]}` : parts[0]!;
}

/**
 * Faults in round-robin order over the areas: the first of every area, then the second of
 * every area, ... so that the first N of the list are as spread as N can be.
 */
function stratified(faults: readonly FaultInfo[]): FaultInfo[] {
  const byArea = new Map<string, FaultInfo[]>();
  for (const fault of faults) {
    const area = areaOf(fault.rules[0] ?? fault.name);
    byArea.set(area, [...(byArea.get(area) ?? []), fault]);
  }
  const out: FaultInfo[] = [];
  const areas = [...byArea.values()];
  for (let round = 0; out.length < faults.length; round++)
    for (const list of areas) if (list[round]) out.push(list[round]!);
  return out;
}

export interface SampleChoice {
  /** `all`: every fault of the spec's families; a number: the first N of the stratified order. */
  size: 'all' | number | 'one-per-area';
}

export function sampleFaults(all: readonly FaultInfo[], choice: SampleChoice): FaultInfo[] {
  const inSpec = all.filter((f) => !V1_EXCLUDED_FAMILIES.has(f.family));
  const ordered = stratified(inSpec);
  if (choice.size === 'all') return ordered;
  const areas = new Set(inSpec.map((f) => areaOf(f.rules[0] ?? f.name))).size;
  return ordered.slice(0, choice.size === 'one-per-area' ? areas : choice.size);
}
