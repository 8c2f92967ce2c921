/**
 * Seeded on-exchange applications for the policy-status endpoints (alpha). Generated
 * deterministically; fields a carrier has not reported are null (2.7: populated only when the
 * carrier reports them).
 */
export const POLICY_PLAN_YEARS = [2025, 2026] as const;
const PER_YEAR: Record<number, number> = { 2025: 12, 2026: 30 };

const NAMES = [['Ana', 'Reyes'], ['Ben', 'Carter'], ['Chloe', 'Dubois'], ['Dev', 'Iyer'], ['Emma', 'Fischer'], ['Femi', 'Okoro'], ['Gus', 'Lindqvist']] as const;
const ISSUERS = [
  { hios_issuer_id: '36239', name: 'Anthem Health Plans of Kentucky', state: 'KY' },
  { hios_issuer_id: '14002', name: 'BlueCross BlueShield of Tennessee', state: 'TN' },
  { hios_issuer_id: '40572', name: 'Oscar Health', state: 'GA' },
] as const;
const APPLICATION_STATUSES = ['submitted', 'submitted', 'enrolled', 'enrolled', 'enrolled', 'cancelled'] as const;
const POLICY_STATUSES = [null, 'pending_effectuation', 'effectuated', 'effectuated', 'terminated', 'cancelled'] as const;

export interface PolicyApplication {
  confirmation_id: string;
  plan_year: number;
  state: string;
  application_status: string;
  primary_applicant: { first_name: string; last_name: string };
  submitted_at: string;
  policies: Policy[];
}

export interface Policy {
  coverage_type: 'medical' | 'dental';
  issuer: { hios_issuer_id: string; name: string } | null;
  plan_id: string | null;
  policy_status: string | null;
  effective_date: string | null;
  termination_date: string | null;
  last_reported_at: string | null;
}

function application(year: number, i: number): PolicyApplication {
  const n = year * 100 + i;
  const [first, last] = NAMES[n % NAMES.length]!;
  const issuer = ISSUERS[n % ISSUERS.length]!;
  const status = POLICY_STATUSES[i % POLICY_STATUSES.length]!;
  const reported = status !== null;
  const month = String((i % 9) + 1).padStart(2, '0');
  const medical: Policy = {
    coverage_type: 'medical',
    issuer: reported ? { hios_issuer_id: issuer.hios_issuer_id, name: issuer.name } : null,
    plan_id: reported ? `${issuer.hios_issuer_id}${issuer.state}0010002-01` : null,
    policy_status: status,
    effective_date: reported ? `${year}-${month}-01` : null,
    termination_date: status === 'terminated' ? `${year}-12-31` : null,
    last_reported_at: reported ? `${year}-${month}-15T12:00:00Z` : null,
  };
  const policies = i % 4 === 0 ? [medical, { ...medical, coverage_type: 'dental' as const, plan_id: reported ? `${issuer.hios_issuer_id}${issuer.state}1010001-01` : null }] : [medical];
  return {
    confirmation_id: String(4_410_000_000 + year * 1000 + i * 37),
    plan_year: year,
    state: issuer.state,
    application_status: APPLICATION_STATUSES[i % APPLICATION_STATUSES.length]!,
    primary_applicant: { first_name: first, last_name: last },
    submitted_at: `${year - 1}-11-${String((i % 28) + 1).padStart(2, '0')}T15:30:00Z`,
    policies,
  };
}

export const APPLICATIONS: readonly PolicyApplication[] = POLICY_PLAN_YEARS.flatMap((year) =>
  Array.from({ length: PER_YEAR[year]! }, (_, i) => application(year, i)),
);

const byId = new Map(APPLICATIONS.map((a) => [a.confirmation_id, a]));

export function applicationsFor(year: number): PolicyApplication[] {
  return APPLICATIONS.filter((a) => a.plan_year === year);
}

export function applicationById(id: string): PolicyApplication | undefined {
  return byId.get(id);
}

/** The summary row of the list endpoint. */
export function summary(a: PolicyApplication) {
  const medical = a.policies[0]!;
  return {
    confirmation_id: a.confirmation_id,
    plan_year: a.plan_year,
    state: a.state,
    application_status: a.application_status,
    policy_status: medical.policy_status,
    primary_applicant: a.primary_applicant,
    submitted_at: a.submitted_at,
  };
}
