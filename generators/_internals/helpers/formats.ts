/** Format checks (the formats the generators produce and break), as strict as ajv-formats' full mode. */

const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(y: number, m: number, d: number): boolean {
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 && !leap ? 28 : DAYS[m]);
}

function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return !!m && validDate(+m[1], +m[2], +m[3]);
}

function isDateTime(s: string): boolean {
  const [date, time, ...rest] = s.split(/t|\s/i);
  return (
    rest.length === 0 &&
    isDate(date) &&
    time !== undefined &&
    /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i.test(time)
  );
}

/** An address: the local part's atoms joined by dots, an @, and a domain of two or more labels. */
const EMAIL_ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const EMAIL = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${EMAIL_LABEL}\\.)+${EMAIL_LABEL}$`, 'i');

/** Checks by format name; formats not listed are not checked. */
const FORMAT_CHECKS: Record<string, (s: string) => boolean> = {
  date: isDate,
  'date-time': isDateTime,
  email: (s) => EMAIL.test(s),
  uri: (s) => /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]*$/i.test(s),
  uuid: (s) => /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(s),
};

/** Whether `s` satisfies `format` (true for formats without a check). */
export function matchesFormat(format: string | undefined, s: string): boolean {
  const check = format ? FORMAT_CHECKS[format] : undefined;
  return check ? check(s) : true;
}

/** A RegExp for a JSON Schema pattern (Unicode mode when plain mode rejects it). */
export function patternRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch {
    return new RegExp(pattern, 'u');
  }
}

/** String length as JSON Schema counts it (code points). */
export function codePointLength(s: string): number {
  return [...s].length;
}
