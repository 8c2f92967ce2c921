/**
 * Values for string formats: plausible, valid for the format, and shaped like what a target
 * accepts (example.com mail and web addresses, dates between 1940 and 2060).
 */
import fc from 'fast-check';

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1940, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(2060, 11, 31) / DAY_MS;

/** A day number to `YYYY-MM-DD`, and back (so dates shrink without context). */
const dayToDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dateToDay = (v: unknown) => {
  const ms = Date.parse(`${v as string}T00:00:00Z`);
  if (typeof v !== 'string' || Number.isNaN(ms)) throw new Error('not a date');
  return ms / DAY_MS;
};
const secondToDateTime = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
const dateTimeToSecond = (v: unknown) => {
  const ms = Date.parse(v as string);
  if (typeof v !== 'string' || Number.isNaN(ms)) throw new Error('not a date-time');
  return ms / 1000;
};

/** Tiny but real file bytes (PDF, PNG, JPEG magic numbers) for binary and base64 members. */
const SAMPLE_FILES: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
};

export const FORMAT_ARBITRARIES: Record<string, () => fc.Arbitrary<string>> = {
  date: () => fc.integer({ min: FIRST_DAY, max: LAST_DAY }).map(dayToDate, dateToDay),
  'date-time': () =>
    fc.integer({ min: FIRST_DAY * 86_400, max: LAST_DAY * 86_400 }).map(secondToDateTime, dateTimeToSecond),
  email: () => fc.stringMatching(/^[a-z][a-z0-9]{0,11}@example\.(com|org)$/),
  uri: () => fc.stringMatching(/^https:\/\/example\.(com|org)\/[a-z0-9]{0,12}$/),
  uuid: () => fc.uuid(),
  byte: () => fc.constantFrom(...Object.values(SAMPLE_FILES).map((b) => b.toString('base64'))),
  binary: () => fc.constantFrom(...Object.values(SAMPLE_FILES).map((b) => b.toString('latin1'))),
};
