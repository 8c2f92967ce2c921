/**
 * specs/disagreements.json, read when a check context is made (once per worker): the places
 * where the prose and the provider's document disagree, which the checks treat as notes. A
 * checkout without the file has no disagreements; a malformed file is a defect of this product.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Disagreement } from '../checks/disagreements.js';
import { isObject } from '../is-object.js';

function defaultDisagreementsPath(): string {
  return fileURLToPath(new URL('../../specs/disagreements.json', import.meta.url));
}

/** The entries of the table; each needs a string `id` and a `where` object (the rest is quoted as given). */
export function loadDisagreements(path: string = defaultDisagreementsPath()): Disagreement[] {
  if (!existsSync(path)) return [];
  const data = JSON.parse(readFileSync(path, 'utf8')) as { disagreements?: unknown };
  if (!Array.isArray(data.disagreements)) throw new Error(`${path}: no "disagreements" array`);
  return data.disagreements.map((entry, i) => {
    if (!isObject(entry) || typeof entry.id !== 'string' || !isObject(entry.where)) {
      throw new Error(`${path}: disagreements[${i}] needs a string "id" and a "where" object`);
    }
    return entry as unknown as Disagreement;
  });
}

let cached: Disagreement[] | undefined;

/** The table of this checkout, read once per worker. */
export function disagreementTable(): readonly Disagreement[] {
  cached ??= loadDisagreements();
  return cached;
}
