/**
 * The members of a provider (2.4) and the type each must have. The prose types them strings
 * (only `organization_name` "string or null"); the provider document allows null for all but
 * `npi` (disagreement PROVIDER-MEMBERS-NULLABLE), so a null there is allowed by one source only.
 */
export const NULLABLE_BY_DOCUMENT = 'PROVIDER-MEMBERS-NULLABLE';

type Provider = Record<string, unknown>;
type Kind = 'string' | 'string or null (document)' | 'string or null';

/** Each 2.4 member and what it may hold. */
const FIELDS: ReadonlyArray<[member: string, kind: Kind]> = [
  ...['first_name', 'last_name', 'display_name', 'credential', 'entity_type', 'specialty', 'specialization', 'address_line_1', 'city', 'state', 'zip_code'].map(
    (m): [string, Kind] => [m, 'string or null (document)'],
  ),
  ['npi', 'string'],
  ['organization_name', 'string or null'],
];

export interface FieldReport {
  /** Members missing or of a type neither source allows. */
  wrong: string[];
  /** Members that are null where only the provider document allows it. */
  nullByDocument: string[];
}

export function providerFields(p: Provider): FieldReport {
  const wrong: string[] = [];
  const nullByDocument: string[] = [];
  for (const [member, kind] of FIELDS) {
    const v = p[member];
    if (typeof v === 'string') continue;
    if (v === null && kind === 'string or null') continue;
    if (v === null && kind === 'string or null (document)') nullByDocument.push(member);
    else wrong.push(member);
  }
  return { wrong, nullByDocument };
}

/** A two-letter `state` and a 5-digit `zip_code`, each checked when it is a string (null is the schema's matter). */
export function addressFormatHolds(p: Provider): boolean {
  const state = typeof p.state !== 'string' || /^[A-Za-z]{2}$/.test(p.state);
  const zip = typeof p.zip_code !== 'string' || /^\d{5}$/.test(p.zip_code);
  return state && zip;
}
