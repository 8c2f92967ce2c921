/** XML 1.0 text and attribute escaping that survives any bytes a target sends back. */

// Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab/LF/CR,
// U+FFFE/U+FFFF and lone surrogates. They become U+FFFD so the document stays well-formed.
const ILLEGAL = new RegExp(
  [
    String.raw`[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]`,
    String.raw`[\uD800-\uDBFF](?![\uDC00-\uDFFF])`,
    String.raw`(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]`,
  ].join('|'),
  'g',
);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escape for element text and attribute values alike. */
export function xmlEscape(value: unknown): string {
  return String(value ?? '')
    .replace(ILLEGAL, '\uFFFD')
    .replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** `name="value"` pairs, skipping undefined values. */
export function xmlAttrs(attrs: Record<string, string | number | undefined>): string {
  return Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${xmlEscape(value)}"`)
    .join('');
}
