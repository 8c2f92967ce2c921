/**
 * The members of a provider (2.4) and the type each must have. The prose types them strings
 * (only `organization_name` "string or null"); the provider document allows null for all but
 * `npi` (disagreement PROVIDER-MEMBERS-NULLABLE). Nullability is a shape, which the document
 * rules: a null it allows passes.
 */
type Provider = Record<string, unknown>;
type Kind = 'string' | 'string or null (document)' | 'string or null';

/** Each 2.4 member and what it may hold. */
const FIELDS: ReadonlyArray<[member: string, kind: Kind]> = [
  ...[
    'first_name',
    'last_name',
    'display_name',
    'credential',
    'entity_type',
    'specialty',
    'specialization',
    'address_line_1',
    'city',
    'state',
    'zip_code',
  ].map((m): [string, Kind] => [m, 'string or null (document)']),
  ['npi', 'string'],
  ['organization_name', 'string or null'],
];

const allows = (kind: Kind, v: unknown): boolean => typeof v === 'string' || (v === null && kind !== 'string');

/** Members missing or of a type neither source allows. */
export function wrongProviderFields(p: Provider): string[] {
  return FIELDS.filter(([member, kind]) => !allows(kind, p[member])).map(([member]) => member);
}

/** A two-letter `state` and a 5-digit `zip_code`, each checked when it is a string (null is the schema's matter). */
export function addressFormatHolds(p: Provider): boolean {
  const state = typeof p.state !== 'string' || /^[A-Za-z]{2}$/.test(p.state);
  const zip = typeof p.zip_code !== 'string' || /^\d{5}$/.test(p.zip_code);
  return state && zip;
}
