/** The probe kit: request bodies and a controllable clock shared by the server's own tests. */

/** A valid enrollment-session request in the provider's dialect (self_service with a state). */
export function sessionBody(
  overrides: Record<string, unknown> = {},
  context: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    external_id: 'ext-1',
    context: {
      product: 'aca',
      exchange: 'on_exchange',
      coverage_family: 'medical',
      coverage_type: 'medical',
      plan_year: 2026,
      flow: 'self_service',
      locale: 'en-US',
      ...context,
    },
    location: { zip_code: '40202', fips_code: '21111', state: 'KY' },
    household: {
      annual_income: 42000,
      household_size: 1,
      applicants: [{ relationship: 'primary', date_of_birth: '1986-05-01', uses_tobacco: false }],
    },
    ...overrides,
  };
}

/** A valid quote request for Jefferson County, KY, in the provider's dialect. */
export function quoteBody(
  overrides: Record<string, unknown> = {},
  context: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    context: {
      product: 'aca',
      exchange: 'on_exchange',
      coverage_family: 'medical',
      coverage_type: 'medical',
      plan_year: 2026,
      ...context,
    },
    location: { zip_code: '40202', fips_code: '21111', state: 'KY' },
    household: {
      household_size: 1,
      annual_income: 42000,
      effective_date: '2026-01-01',
      applicants: [{ member_id: 'm1', age: 40, relationship: 'primary', uses_tobacco: false }],
    },
    ...overrides,
  };
}

/** A clock that moves only when told. */
export function fakeClock(start = '2026-03-01T12:00:00Z'): { now: () => Date; advance(ms: number): void } {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
  };
}

/**
 * A clock that moves one second each time it is read, so tests that send many requests with
 * one key are never rate limited (the rate-limit tests use `fakeClock` instead).
 */
export function steppingClock(start = '2026-03-01T12:00:00Z'): () => Date {
  let t = Date.parse(start);
  return () => new Date((t += 1000));
}
