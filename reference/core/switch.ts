/**
 * A switch of the reference server's behaviour, declared once: its name, family and summary,
 * the probe that shows a client the difference, and either a rewrite of answers on the way out
 * or nothing, when the core or a handler asks for it with `on(switch)`. A fault breaks one
 * rule of specs/rules.json and a suite must catch it; a variant takes a path the contract
 * leaves open, names the section that permits it, and a suite must pass under it.
 */
import type { Family } from '../../harness/model.js';
import type { RouteResult } from '../types.js';
import type { Probe } from './probe.js';

/** What a rewrite sees of the request. */
export interface RequestView {
  method: string;
  path: string;
  headers: Record<string, string>;
  query: Record<string, string>;
}

/** Changes an answer after the route and the core produced it (returning `res` leaves it as is). */
export type Rewrite = (req: RequestView, res: RouteResult) => RouteResult;

interface Declared {
  /** Kebab-case, unique among all switches: what `--fault` and the reports call it. */
  name: string;
  family: Family;
  summary: string;
  /** How a client observes the switch: the probe's observation differs with it on. */
  probe: Probe;
  /** Rewrites answers; absent when the core or a handler asks `on(this)` instead. */
  rewrite?: Rewrite;
}

/** A cell of the operations matrix: one route, and the column of the rule that holds on every operation. */
export interface MatrixCell {
  /** Method and path pattern, e.g. `GET /v1/enrollments/{enrollment_id}`. */
  route: string;
  column: string;
}

export interface Fault extends Declared {
  kind: 'fault';
  /** The one rule of specs/rules.json the fault breaks. */
  rule: string;
  /** Generated per operation (faults/operations/): the one route it breaks the rule on, and the column. */
  cell?: MatrixCell;
}

/** The two documents of the /v1 API a run can be held to: ours (the union) and the provider's. */
export const VARIANT_DOCUMENTS = ['partner-api', 'provider'] as const;
export type VariantDocument = (typeof VARIANT_DOCUMENTS)[number];

export interface Variant extends Declared {
  kind: 'variant';
  /** The contract section that leaves this behaviour open, e.g. `4.10`. */
  permits: string;
  /**
   * The /v1 documents its answers are valid under: both unless it takes a form only one allows
   * (e.g. payment `fields` as a map, valid under partner-api.yaml only). A run holds it only to those.
   */
  documents: readonly VariantDocument[];
}

export type Switch = Fault | Variant;

/** Whether a switch is on in this server; asked with the declaration itself, never its name. */
export type IsOn = (s: Switch) => boolean;

/** A table of one family's switches, keyed by the constant handlers ask with. */
export type SwitchTable = Readonly<Record<string, Switch>>;
