import fc from 'fast-check';

export interface DateTimeAtOptions {
  /** The instant written, in milliseconds since the epoch. */
  at: number;
  /** Offsets drawn: `west` of UTC only (-12:00 to -00:15), or `any` (-12:00 to +14:00, `Z` too). Default `any`. */
  offsets?: 'west' | 'any';
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `at` as an ISO 8601 date-time in the UTC offset of `minutes` (`Z` for none), to the millisecond. */
function writtenIn(at: number, minutes: number): string {
  const local = new Date(at + minutes * 60_000).toISOString().slice(0, -1);
  if (minutes === 0) return `${local}Z`;
  const abs = Math.abs(minutes);
  return `${local}${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * `dateTimeAt({ at })`: one instant written as an ISO 8601 date-time in a UTC offset drawn from
 * those in use, by quarter hours (every one names the same instant: `Date.parse` gives `at`).
 * West of UTC the local time reads earlier than the same instant in `Z`, so text compared in
 * place of instants goes wrong. Shrinks towards the offset nearest UTC.
 */
export function dateTimeAt(options: DateTimeAtOptions): fc.Arbitrary<string> {
  const quarters = options.offsets === 'west' ? fc.integer({ min: -48, max: -1 }) : fc.integer({ min: -48, max: 56 });
  return quarters.map((q) => writtenIn(options.at, q * 15));
}
