/** Copy-on-write edits of a JSON value at a member path. */

export function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = { ...(root as Record<string, unknown>) };
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), value);
  return copy;
}

export function deleteAt(root: unknown, path: string[]): unknown {
  const copy = { ...(root as Record<string, unknown>) };
  if (path.length === 1) delete copy[path[0]];
  else copy[path[0]] = deleteAt(copy[path[0]], path.slice(1));
  return copy;
}
