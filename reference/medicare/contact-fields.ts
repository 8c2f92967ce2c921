/**
 * The members of a Medicare contact (2.9) and how each is checked: one row per member.
 * Dates are `MM/DD/YYYY` and must be real calendar dates.
 */
type Check = (v: unknown) => string | null;

const US_DATE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/(\d{4})$/;

const text: Check = (v) => (typeof v === 'string' ? null : 'must be a string');
const bool: Check = (v) => (typeof v === 'boolean' ? null : 'must be a boolean');
const usDate: Check = (v) => {
  const m = typeof v === 'string' ? US_DATE.exec(v) : null;
  if (!m) return 'must be a date written MM/DD/YYYY';
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? null : 'must be a real calendar date (MM/DD/YYYY)';
};
const strings: Check = (v) =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? null : 'must be an array of strings';

export const CONTACT_FIELDS: Readonly<Record<string, Check>> = {
  external_id: text,
  first_name: text,
  last_name: text,
  address_1: text,
  address_2: text,
  birth_date: usDate,
  city: text,
  email: text,
  extra_help: bool,
  medicaid_eligible: bool,
  medicaid_number: text,
  medicare_number: text,
  medicare_part_a_effective_date: usDate,
  medicare_part_b_effective_date: usDate,
  notes: strings,
  phone: text,
  sex: text,
  state: text,
  type: text,
  zip: text,
};

export const DATE_FIELDS = new Set(['birth_date', 'medicare_part_a_effective_date', 'medicare_part_b_effective_date']);

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
