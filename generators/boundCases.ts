import { type BoundSite, bodySites, dottedName, memberName, paramSites } from './_internals/helpers/boundSites.js';
import { isKnownName } from './_internals/helpers/knownValues.js';
import { memberBounds } from './_internals/helpers/memberBounds.js';
import { operationModel } from './_internals/helpers/operationModel.js';
import type { BoundCase, KnownValues, Operation } from './types.js';

/** What a request sends, that bound cases are values of: parameters by name, and the body. */
export interface BoundBase {
  query?: Record<string, unknown>;
  path?: Record<string, unknown>;
  body?: unknown;
}

export interface BoundCaseOptions {
  /** Values the target is known to have: a member named here keeps the value it is sent with. */
  known?: KnownValues;
  /** The year a date member the request does not send is put in (default 2000, a leap year). */
  year?: number;
}

/** A year with 29 February whose 1 January and 31 December no calendar rule treats apart. */
const DEFAULT_YEAR = 2000;

function keyed(base: BoundBase): Record<string, unknown> {
  const entries = (where: string, values: Record<string, unknown> = {}) =>
    Object.entries(values).map(([name, v]) => [`${where}:${name}`, v] as const);
  return Object.fromEntries([...entries('query', base.query), ...entries('path', base.path)]);
}

/**
 * Every stated bound of every member of `operation`'s request, each as a value inside it and
 * one step outside it (memberBounds), for a request sending `base`: its query and path
 * parameters as the document declares them and its body's members, nested ones too
 * (boundSites). Members the target is known to have values of are left as they are sent.
 * Deterministic: the same operation, base and options give the same list, in the order the
 * document declares the members; a text's characters are drawn.
 */
export function boundCases(operation: Operation, base: BoundBase, opts: BoundCaseOptions = {}): BoundCase[] {
  const model = operationModel(operation);
  const sites = [...paramSites(model, keyed(base)), ...(model.body ? bodySites(model.body.schema, base.body) : [])];
  const known = (site: BoundSite) =>
    isKnownName(opts.known ?? {}, dottedName(site.path), String(site.path.findLast((p) => typeof p === 'string')));
  return sites
    .filter((site) => !known(site))
    .flatMap((site) =>
      memberBounds(site.flat, { base: site.base, clamped: site.clamped, year: opts.year ?? DEFAULT_YEAR }).map(
        (b): BoundCase => ({ in: site.in, path: site.path, member: memberName(site.path), ...b }),
      ),
    );
}
