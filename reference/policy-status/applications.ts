/**
 * Seeded on-exchange applications for the policy-status endpoints (alpha). Generated
 * deterministically; fields a carrier has not reported are null (2.7: populated only when the
 * carrier reports them).
 */
const POLICY_PLAN_YEARS = [2025, 2026] as const;
const PER_YEAR: Record<number, number> = { 2025: 12, 2026: 30 };

const ISSUERS = [{ hios_issuer_id: '36239' }, { hios_issuer_id: '14002' }, { hios_issuer_id: '40572' }] as const;
/** The statuses the seeded applications take in turn (none reported yet: null). */
const SEEDED_STATUS_CYCLE = [
  null,
  'pending_effectuation',
  'effectuated',
  'effectuated',
  'terminated',
  'cancelled',
] as const;

export interface PolicyApplication {
  confirmation_id: string;
  /** The partner's id when the application came through an enrollment session; null otherwise. */
  external_id: string | null;
  plan_year: number;
  policies: PolicyStatusItem[];
}

/** One policy of an application, as the provider's document names it (PolicyStatusItem). */
interface PolicyStatusItem {
  exchange_assigned_policy_id: string | null;
  issuer_hios_id: string | null;
  effective_date: string | null;
  status: string | null;
  payment_status: string | null;
  current_balance_cents: number | null;
  past_due_balance_cents: number | null;
  paid_through_date: string | null;
  grace_period_start_date: string | null;
  updated_at: string | null;
}

const PAYMENT_STATUSES = ['paid', 'paid', 'unpaid', 'grace_period'] as const;

function policy(year: number, i: number, line: number, status: string | null): PolicyStatusItem {
  const n = year * 100 + i;
  const issuer = ISSUERS[n % ISSUERS.length]!;
  const month = String((i % 9) + 1).padStart(2, '0');
  if (status === null) {
    return {
      exchange_assigned_policy_id: null,
      issuer_hios_id: null,
      effective_date: null,
      status: null,
      payment_status: null,
      current_balance_cents: null,
      past_due_balance_cents: null,
      paid_through_date: null,
      grace_period_start_date: null,
      updated_at: null,
    };
  }
  const payment = PAYMENT_STATUSES[i % PAYMENT_STATUSES.length]!;
  const graced = payment === 'grace_period';
  return {
    exchange_assigned_policy_id: `P${year}${String(i).padStart(4, '0')}${line}`,
    issuer_hios_id: issuer.hios_issuer_id,
    effective_date: `${year}-${month}-01`,
    status,
    payment_status: payment,
    current_balance_cents: payment === 'paid' ? 0 : 41237,
    // Balances and grace dates only when the carrier reports them.
    past_due_balance_cents: graced ? 41237 : i % 3 === 0 ? null : 0,
    paid_through_date: payment === 'paid' ? `${year}-${month}-28` : null,
    grace_period_start_date: graced ? `${year}-${month}-01` : null,
    updated_at: `${year}-${month}-15T12:00:00Z`,
  };
}

function application(year: number, i: number): PolicyApplication {
  const status = SEEDED_STATUS_CYCLE[i % SEEDED_STATUS_CYCLE.length]!;
  const policies =
    i % 4 === 0 ? [policy(year, i, 1, status), policy(year, i, 2, status)] : [policy(year, i, 1, status)];
  return {
    confirmation_id: String(4_410_000_000 + year * 1000 + i * 37),
    external_id: i % 3 === 0 ? null : `crm-${year}-${i}`,
    plan_year: year,
    policies,
  };
}

const APPLICATIONS: readonly PolicyApplication[] = POLICY_PLAN_YEARS.flatMap((year) =>
  Array.from({ length: PER_YEAR[year]! }, (_, i) => application(year, i)),
);

const byId = new Map(APPLICATIONS.map((a) => [a.confirmation_id, a]));

/** Applications per plan year of the many-applications variant. */
const MANY_PER_YEAR = 1_000;
const many = new Map<number, { list: PolicyApplication[]; byId: Map<string, PolicyApplication> }>();

function manyFor(year: number) {
  let set = many.get(year);
  if (!set) {
    const list = Array.from({ length: MANY_PER_YEAR }, (_, i) => application(year, i));
    many.set(year, (set = { list, byId: new Map(list.map((a) => [a.confirmation_id, a])) }));
  }
  return set;
}

/** The applications of a plan year: the seeded ones, or MANY_PER_YEAR of them (`manyApplications`). */
export function applicationsFor(year: number, manyApplications = false): PolicyApplication[] {
  return manyApplications ? manyFor(year).list : APPLICATIONS.filter((a) => a.plan_year === year);
}

/** The applications of every plan year, earliest year first. */
export const allApplications = (manyApplications = false): PolicyApplication[] =>
  POLICY_PLAN_YEARS.flatMap((y) => applicationsFor(y, manyApplications));

export function applicationById(id: string, manyApplications = false): PolicyApplication | undefined {
  return (
    byId.get(id) ?? (manyApplications ? POLICY_PLAN_YEARS.map((y) => manyFor(y).byId.get(id)).find(Boolean) : undefined)
  );
}

/** The summary row of the list endpoint (PolicyStatusApplicationListItem). */
export function summary(a: PolicyApplication) {
  return {
    confirmation_id: a.confirmation_id,
    external_id: a.external_id,
    plan_year: a.plan_year,
    exchange_type: 'on_exchange',
  };
}
