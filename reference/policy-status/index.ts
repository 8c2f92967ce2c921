/**
 * Policy status (4.7, 4.8; alpha): on-exchange applications of the OAuth-linked agent.
 * `exchange=on_exchange` only routes the call; it filters nothing.
 */
import { readInteger, unknownParams } from '../core/query.js';
import { badRequest, forbidden, json, notFound } from '../core/respond.js';
import type { RouteContext, RouteModule, RouteResult } from '../types.js';
import { allApplications, applicationById, applicationsFor, summary } from './applications.js';
import { POLICY_FAULTS as F } from './faults.js';

const POLICY_LIMIT_DEFAULT = 25;
const POLICY_LIMIT_MAX = 100;
const LIST_PARAMS = ['exchange', 'plan_year', 'limit', 'offset'] as const;
/** Rows served when a fault lets plan_year be absent. */
const FALLBACK_YEAR = 2026;

export const policyStatusRoutes: RouteModule = () => [
  {
    method: 'GET',
    pattern: '/v1/policy-status/applications',
    family: 'policy-status',
    success: { rule: 'POLICY-LIST-200', status: [200] },
    gate: 'policy_status',
    handler: (ctx) => {
      const { query, on } = ctx;
      const allowed = on(F.productAccepted) ? [...LIST_PARAMS, 'product'] : LIST_PARAMS;
      const unknown = unknownParams(query, allowed);
      if (unknown.length)
        return badRequest(
          `Unsupported query parameter ${unknown[0]}; this endpoint accepts ${LIST_PARAMS.join(', ')}.`,
          unknown[0],
        );
      const year = routing(ctx, {
        exchangeOptional: on(F.listExchangeOptional),
        offExchange: on(F.listExchangeOffAccepted),
        planYearOptional: on(F.listPlanYearOptional),
      });
      if (typeof year === 'object') return year;
      const asked = readInteger(query, 'limit', on(F.defaultLimit50) ? 50 : POLICY_LIMIT_DEFAULT);
      const limitOk = asked.ok && asked.value! >= 1 && (asked.value! <= POLICY_LIMIT_MAX || on(F.limitUnchecked));
      if (!limitOk) return badRequest(`limit must be an integer from 1 to ${POLICY_LIMIT_MAX}.`, 'limit');
      // The fault reads the largest limit as a value out of range, which falls back to the default.
      const limit =
        asked.value === POLICY_LIMIT_MAX && on(F.limitMaxAsDefault) ? { ...asked, value: POLICY_LIMIT_DEFAULT } : asked;
      // The fault reads an offset with a fraction as its whole part, as parseInt does.
      const offsetQuery =
        on(F.offsetFractionTruncated) && query.offset
          ? { ...query, offset: String(Number.parseInt(query.offset, 10)) }
          : query;
      const offset = readInteger(offsetQuery, 'offset', on(F.defaultOffset1) ? 1 : 0);
      if (!offset.ok || (offset.value! < 0 && !on(F.offsetNegativeAccepted)))
        return badRequest('offset must be an integer of at least 0.', 'offset');
      const everyYear = on(F.laterPagesEveryYear) && offset.value! > 0;
      // The fault's later pages come from the agent's whole book: every plan year's applications.
      const rows = everyYear
        ? allApplications(on(F.manyApplications))
        : applicationsFor(year ?? FALLBACK_YEAR, on(F.manyApplications));
      const start = on(F.offsetIgnored)
        ? 0
        : Math.max(0, offset.value! - (on(F.pagesOverlap) && offset.value! > 0 ? 1 : 0));
      const count = limit.value! + (on(F.pageOversized) ? 1 : 0);
      return json({
        applications: rows.slice(start, start + count).map(summary),
        pagination: { limit: limit.value, offset: offset.value },
      });
    },
  },
  {
    method: 'GET',
    pattern: '/v1/policy-status/applications/{confirmation_id}',
    family: 'policy-status',
    success: { rule: 'POLICY-READ-200', status: [200] },
    gate: 'policy_status',
    handler: (ctx) => {
      const year = routing(ctx, {
        exchangeOptional: ctx.on(F.readExchangeOptional),
        offExchange: false,
        planYearOptional: ctx.on(F.readPlanYearOptional),
      });
      if (typeof year === 'object') return year;
      const id = ctx.params.confirmation_id!;
      // The fault's lookup breaks on characters outside the id alphabet it was written for.
      if (ctx.on(F.readOddId500) && /[^A-Za-z0-9_-]/.test(id)) throw new Error('confirmation id lookup failed');
      const app = applicationById(id, ctx.on(F.manyApplications));
      // The fault's read looks only among the first rows of the year, as if it searched one page.
      const missed = app !== undefined && ctx.on(F.readMissesLaterRows) && !firstRows(app.plan_year).includes(app);
      if (!app || missed || (year !== undefined && app.plan_year !== year))
        return notFound(`No application ${id} for this plan year.`);
      return json({ policy_statuses: app.policies });
    },
  },
];

/** The first page (default limit) of a year's applications. */
const firstRows = (year: number) => applicationsFor(year).slice(0, POLICY_LIMIT_DEFAULT);

interface Leniency {
  exchangeOptional: boolean;
  offExchange: boolean;
  planYearOptional: boolean;
}

/** The OAuth-linked agent (5.5), exchange=on_exchange and the required integer plan_year. */
function routing(ctx: RouteContext, lenient: Leniency): number | undefined | RouteResult {
  if (!ctx.account.oauthLinkHealthy)
    return forbidden(
      'Policy status acts for an OAuth-linked marketplace agent; this account has no healthy OAuth link.',
    );
  const exchange = ctx.query.exchange;
  const exchangeOk =
    exchange === 'on_exchange' ||
    (exchange === undefined && lenient.exchangeOptional) ||
    (exchange === 'off_exchange' && lenient.offExchange);
  if (!exchangeOk) return badRequest('exchange is required and must be on_exchange.', 'exchange');
  const year = readInteger(ctx.query, 'plan_year');
  if (!year.ok) return badRequest('plan_year must be an integer.', 'plan_year');
  if (year.value === undefined && !lenient.planYearOptional)
    return badRequest('plan_year is required (an integer).', 'plan_year');
  return year.value;
}
