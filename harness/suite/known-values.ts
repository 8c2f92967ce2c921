/**
 * Profile fixtures as the generators' KnownValues: which request members a fixture may fill.
 * Only fixtures a conforming target answers with success belong here; `unknownZipCode`,
 * `slowExternalId` and `serverErrorExternalId` provoke other outcomes on purpose and are left out.
 */
import type { KnownValues } from '../../generators/types.js';
import type { TargetProfile } from '../run-config.js';

/** fixture name -> request member names (bare, or dotted body paths). */
const FIXTURE_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  zipCode: ['zip_code'],
  crossStateZipCode: ['zip_code'],
  state: ['state'],
  planYear: ['plan_year'],
  providerQuery: ['query'],
  confirmationId: ['confirmation_id'],
  planFull: ['plan_hios_id'],
  planLimited: ['plan_hios_id'],
  legacyPlanHiosId: ['hios_id'],
  medicareContactId: ['contact_id'],
  medicareAgentEmail: ['agent_email'],
};

/** Known values from the fixtures, then `extra` (e.g. values read from earlier responses) on top. */
export function knownValues(fixtures: TargetProfile['fixtures'], extra: KnownValues = {}): KnownValues {
  const known: Record<string, unknown[]> = {};
  for (const [fixture, members] of Object.entries(FIXTURE_MEMBERS)) {
    const value = fixtures[fixture];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const member of members) {
      known[member] = [...new Set([...(known[member] ?? []), ...values])];
    }
  }
  return { ...known, ...extra };
}
