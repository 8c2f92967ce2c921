/**
 * The failing test cases of a JUnit XML report: name and failure text. A small reader for the
 * one shape the peers write (testcase elements with a failure or error child), not a general
 * XML parser.
 */

export interface JunitFailure {
  name: string;
  text: string;
}

const TESTCASE = /<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g;
const NAME = /\bname="([^"]*)"/;
const FAILURE = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/;
const MESSAGE = /\bmessage="([^"]*)"/;

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };
const decode = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);|&#(\d+);|&#x([0-9a-f]+);/gi, (m, _n, dec, hex) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : ENTITIES[m]!,
  );

export function junitFailures(xml: string): JunitFailure[] {
  const out: JunitFailure[] = [];
  for (const match of xml.matchAll(TESTCASE)) {
    const failure = FAILURE.exec(match[2] ?? '');
    if (!failure) continue;
    const text = [MESSAGE.exec(failure[2] ?? '')?.[1] ?? '', failure[3] ?? '']
      .join('\n')
      .replace(/^<!\[CDATA\[|\]\]>$/g, '');
    out.push({ name: decode(NAME.exec(match[1] ?? '')?.[1] ?? ''), text: decode(text) });
  }
  return out;
}
