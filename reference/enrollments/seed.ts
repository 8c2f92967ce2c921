/**
 * Synthetic applications for scale runs (ServerEnv.seedEnrollments): deterministic, spread over
 * every policy status, plan, plan year and a handful of employers, with no outstanding errors.
 */
import type { Application } from './application.js';
import { PLANS } from './carriers.js';
import type { EnrollmentStore } from './store.js';
import { POLICY_STATUSES, type PolicyStatus } from '../../harness/model.js';

/** Statuses each test carrier can reach (a carrier without cancellation never shows `cancelled`). */
const REACHABLE: Record<string, readonly PolicyStatus[]> = {
  full: POLICY_STATUSES,
  limited: ['draft', 'pending_effectuation', 'effectuated'],
  refusing: ['draft', 'submission_failed'],
};

const EPOCH = Date.parse('2025-01-01T00:00:00Z');

/** Adds `count` applications with ids `enr_seed_000001`… to the store. */
export function seedEnrollments(store: EnrollmentStore, count: number): void {
  for (let i = 1; i <= count; i++) store.add(seededApplication(i));
}

function seededApplication(i: number): Application {
  const plan = PLANS[i % PLANS.length];
  const reachable = REACHABLE[plan.carrier] ?? POLICY_STATUSES;
  const status: PolicyStatus = reachable[Math.floor(i / PLANS.length) % reachable.length];
  const stamp = new Date(EPOCH + i * 60_000).toISOString();
  const planYear = 2025 + (i % 2);
  const submitted = status !== 'draft';
  return {
    id: `enr_seed_${String(i).padStart(6, '0')}`,
    owner: null,
    data: {
      external_id: `seed-${i}`,
      plan_hios_id: plan.plan_hios_id,
      plan_year: planYear,
      desired_effective_date: `${planYear}-01-01`,
      applicants: {
        primary: {
          first_name: 'Seed',
          last_name: `Applicant${i}`,
          date_of_birth: '1985-06-15',
          gender: i % 2 ? 'female' : 'male',
          email: `seed${i}@example.com`,
          phone: '5555550100',
          signature: `Seed Applicant${i}`,
        },
      },
      residential_address: { street_address_1: `${i} Main St`, city: 'Sacramento', state: 'CA', zip_code: '95814' },
      hra: {
        offered_hra: true,
        type: 'ichra',
        employer: { name: `Employer ${(i % 7) + 1}`, external_id: `employer-${(i % 7) + 1}` },
      },
    },
    policy_status: status,
    pending_action: null,
    document_status: 'none_needed',
    errors: [],
    revision: 0,
    submitted_revision: submitted ? 0 : null,
    events: [],
    created_at: stamp,
    updated_at: stamp,
    submitted_at: submitted ? stamp : null,
    accepted_at_ms: null,
  };
}
