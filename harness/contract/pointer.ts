/** JSON pointers (RFC 6901) in URI-fragment form (`#/a/b`), as the defects report them. */

export function toPointer(segments: ReadonlyArray<string | number>): string {
  return `#${segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
}

export function fromPointer(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((s) => safeDecode(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** URI-fragment pointers may percent-encode; a stray `%` is taken literally. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The value at `segments` under `root`, or undefined when any step is missing. */
export function valueAt(root: unknown, segments: ReadonlyArray<string | number>): unknown {
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[String(segment)];
  }
  return node;
}

/** Replaces the value at `segments` under `root`; false when the parent does not exist. */
export function setValueAt(root: unknown, segments: ReadonlyArray<string | number>, value: unknown): boolean {
  if (segments.length === 0) return false;
  const parent = valueAt(root, segments.slice(0, -1));
  if (parent === null || typeof parent !== 'object') return false;
  (parent as Record<string, unknown>)[String(segments[segments.length - 1])] = value;
  return true;
}
