/**
 * A strict well-formedness check for the XML the JUnit writer emits (elements, attributes,
 * text, the five entities and numeric references), so tests need no XML package.
 */
const NAME = '[A-Za-z_][\\w.:-]*';
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"<]*")*)\\s*(/?)>`);
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses `xml` or throws with the offset of the first defect. */
export function parseXml(xml: string): XmlElement {
  let i = xml.startsWith('<?xml') ? xml.indexOf('?>') + 2 : 0;
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  while (i < xml.length) {
    const rest = xml.slice(i);
    if (rest[0] === '<') {
      const m = TAG.exec(rest);
      if (!m) throw new Error(`malformed tag at ${i}: ${rest.slice(0, 40)}`);
      const [whole, closing, name, attrText, selfClosing] = m;
      if (closing) {
        const open = stack.pop();
        if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}> at ${i}`);
      } else {
        const attrs: Record<string, string> = {};
        for (const a of attrText!.matchAll(new RegExp(`(${NAME})\\s*=\\s*"([^"]*)"`, 'g'))) {
          checkText(a[2]!, i);
          if (a[1]! in attrs) throw new Error(`duplicate attribute ${a[1]} at ${i}`);
          attrs[a[1]!] = decode(a[2]!);
        }
        const el: XmlElement = { name: name!, attrs, children: [], text: '' };
        stack.at(-1)!.children.push(el);
        if (!selfClosing) stack.push(el);
      }
      i += whole!.length;
    } else {
      const end = rest.indexOf('<') === -1 ? rest.length : rest.indexOf('<');
      const text = rest.slice(0, end);
      checkText(text, i);
      if (stack.length === 1 && text.trim()) throw new Error(`text outside the root at ${i}`);
      stack.at(-1)!.text += decode(text);
      i += end;
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack.at(-1)!.name}>`);
  if (root.children.length !== 1) throw new Error(`expected one root element, found ${root.children.length}`);
  return root.children[0]!;
}

function checkText(text: string, at: number): void {
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) throw new Error(`illegal control character near ${at}`);
  for (let j = text.indexOf('&'); j !== -1; j = text.indexOf('&', j + 1)) {
    if (!ENTITY.test(text.slice(j))) throw new Error(`bare & near ${at + j}`);
  }
}

function decode(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!,
  );
}

/** Every element named `name`, depth first. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => findAll(c, name))];
}
