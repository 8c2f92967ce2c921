/**
 * Test carriers chosen by plan id (carriers.json). A plan id the table does not know has no
 * carrier: the application reports it in `errors[]` and every capability reads false.
 */
import table from './carriers.json' with { type: 'json' };

export interface Carrier {
  key: string;
  name: string;
  issuer_hios_id: string;
  supports_cancellation: boolean;
  supports_termination: boolean;
  supports_post_enrollment_changes: boolean;
  payment_redirect_supported: boolean;
  /** What asynchronous processing of a submission ends in. */
  submission_outcome: 'accepted' | 'failed';
  payment_endpoint?: string;
}

export interface Plan {
  plan_hios_id: string;
  carrier: string;
  name: string;
}

/** 5-digit issuer, 2-letter state, 7 digits. */
export const PLAN_HIOS_ID = /^[0-9]{5}[A-Z]{2}[0-9]{7}$/;

export const PLANS: readonly Plan[] = table.plans;

const NO_CARRIER: Carrier = {
  key: 'none',
  name: 'Unknown carrier',
  issuer_hios_id: '',
  supports_cancellation: false,
  supports_termination: false,
  supports_post_enrollment_changes: false,
  payment_redirect_supported: false,
  submission_outcome: 'failed',
};

const byPlan = new Map(PLANS.map((p) => [p.plan_hios_id, p]));
const carriers = table.carriers as Record<string, Omit<Carrier, 'key' | 'issuer_hios_id'>>;

export function findPlan(planHiosId: unknown): Plan | undefined {
  return typeof planHiosId === 'string' ? byPlan.get(planHiosId) : undefined;
}

/** The carrier of a plan id; a stand-in with no capabilities when the plan is unknown. */
export function carrierOf(planHiosId: unknown): Carrier {
  const plan = findPlan(planHiosId);
  if (!plan) return NO_CARRIER;
  const c = carriers[plan.carrier];
  return { ...c, key: plan.carrier, issuer_hios_id: plan.plan_hios_id.slice(0, 5) } as Carrier;
}

/** The issuer id of a plan id (its first five characters), whether or not the plan is known. */
export function issuerOf(planHiosId: unknown): string | null {
  return typeof planHiosId === 'string' && planHiosId.length >= 5 ? planHiosId.slice(0, 5) : null;
}

/** A plan id of the first plan whose carrier has the given key (fixtures and seeding). */
export function planOfCarrier(key: string): string {
  const plan = PLANS.find((p) => p.carrier === key);
  if (!plan) throw new Error(`carriers.json has no plan for carrier ${key}`);
  return plan.plan_hios_id;
}
