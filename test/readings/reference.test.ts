/**
 * The reference family's readings of what the contract leaves open: a provider member the
 * document allows null, the collation of the issuer order, and the days the default plan year
 * may be another year. Each reading accepts what the contract allows and still refuses what it
 * forbids (the reference server's faults).
 */
import { describe, expect, test } from 'vitest';
import { defaultPlanYears } from '../../suites/reference/default-plan-year.js';
import { namesSortedUnder, sortedWithTiebreakUnder } from '../../suites/reference/issuer-order.js';
import { addressFormatHolds, wrongProviderFields } from '../../suites/reference/provider-fields.js';

const PROVIDER = {
  first_name: 'Ann',
  last_name: 'Lee',
  organization_name: null,
  display_name: 'Ann Lee',
  credential: 'MD',
  entity_type: 'individual',
  npi: '1234567890',
  specialty: 'x',
  specialization: 'y',
  address_line_1: '1 Main St',
  city: 'Louisville',
  state: 'KY',
  zip_code: '40202',
};

describe('provider members (2.4, disagreement PROVIDER-MEMBERS-NULLABLE)', () => {
  test(
    'strings pass, and so does a null the provider document allows (nullability is a shape: the ' +
      'document rules it)',
    () => {
      expect(wrongProviderFields(PROVIDER)).toEqual([]);
      expect(wrongProviderFields({ ...PROVIDER, credential: null, state: null })).toEqual([]);
    },
  );

  test('a missing member, another type, or a null npi is wrong under both sources', () => {
    const { credential: _, ...noCredential } = PROVIDER;
    expect(wrongProviderFields(noCredential)).toEqual(['credential']);
    expect(wrongProviderFields({ ...PROVIDER, npi: null, city: 7 })).toEqual(['city', 'npi']);
  });

  test('the address format is held only where the value is a string', () => {
    expect(addressFormatHolds({ state: null, zip_code: null })).toBe(true);
    expect(addressFormatHolds({ state: 'KY', zip_code: '40202' })).toBe(true);
    expect(addressFormatHolds({ state: 'KY', zip_code: '40202-1234' })).toBe(false);
    expect(addressFormatHolds({ state: 'KEN', zip_code: null })).toBe(false);
  });
});

const issuers = (...names: string[]) => names.map((name, i) => ({ name, hios_issuer_id: String(10000 + i) }));
const labels = (orders: Array<{ label: string }>) => orders.map((o) => o.label);

describe('issuer order (2.3): case-insensitive under any collation', () => {
  test('lowercased code units, uppercased code units and a locale collation each pass', () => {
    // `_` (0x5F) sorts before lowercase letters and after capitals.
    expect(labels(namesSortedUnder(issuers('a_c', 'ab')))).toContain('lowercased, code-unit order');
    expect(labels(namesSortedUnder(issuers('ab', 'a_c')))).toContain('uppercased, code-unit order');
    // An accented name beside its base letter, and a space ignored by a collation.
    expect(namesSortedUnder(issuers('Oak Health', 'Ölstadt Health', 'Pilot'))).not.toEqual([]);
    expect(namesSortedUnder(issuers('BlueCare', 'Blue Cross'))).not.toEqual([]);
  });

  test('byte order with capitals first fails every case-insensitive reading', () => {
    expect(namesSortedUnder(issuers('Ambetter', 'Anthem', 'aetna CVS Health'))).toEqual([]);
  });

  test('ties are broken by hios_issuer_id; a descending tie fails', () => {
    const tie = [
      { name: 'CareSource', hios_issuer_id: '45636' },
      { name: 'caresource', hios_issuer_id: '61794' },
    ];
    expect(sortedWithTiebreakUnder(tie)).not.toEqual([]);
    expect(sortedWithTiebreakUnder([...tie].reverse())).toEqual([]);
    expect(namesSortedUnder([...tie].reverse())).not.toEqual([]);
  });
});

describe('the default plan year (4.3, 9.5)', () => {
  const on = (iso: string, time = '12:00') => new Date(`${iso}T${time}:00Z`);

  test('the calendar year outside open enrollment', () => {
    expect(defaultPlanYears(on('2026-06-30'))).toEqual([2026]);
    expect(defaultPlanYears(on('2026-01-16'))).toEqual([2026]);
    expect(defaultPlanYears(on('2026-10-31', '09:00'))).toEqual([2026]);
  });

  test('a day in any zone: where it is November 1 already, or still January 15, the other year too', () => {
    // 12:00 UTC on October 31 is November 1 from UTC+12 on; 11:00 UTC on January 16 is January 15 until UTC-12.
    expect(defaultPlanYears(on('2026-10-31'))).toEqual([2026, 2027]);
    expect(defaultPlanYears(on('2026-01-16', '11:00'))).toEqual([2026, 2025]);
    expect(defaultPlanYears(on('2026-01-16', '13:00'))).toEqual([2026]);
  });

  test('from November 1 the next year too; until January 15 the previous one too', () => {
    expect(defaultPlanYears(on('2026-11-01'))).toEqual([2026, 2027]);
    expect(defaultPlanYears(on('2026-12-31'))).toEqual([2026, 2027]);
    expect(defaultPlanYears(on('2027-01-15'))).toEqual([2027, 2026]);
  });

  test('a pinned year is the only one, any day', () => {
    expect(defaultPlanYears(on('2026-11-24'), 2026)).toEqual([2026]);
  });
});
