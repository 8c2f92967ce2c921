/**
 * GET /v1/enrollments (4.9): the account's applications in creation order, filtered and paged,
 * as the provider's ApplicationListResponse: `{applications: [ApplicationListItem], pagination}`.
 * Every filter is a row of FILTERS: how its value is checked and which applications it keeps.
 */
import type { Fault, IsOn } from '../core/switch.js';
import type { RouteContext, RouteResult } from '../types.js';
import type { Application, ApplicationEvent } from './application.js';
import { employerOf, planYearOf } from './application.js';
import { issuerOf } from './carriers.js';
import { fail } from './errors.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { checkRoutingQuery, unsupportedParam } from './request.js';
import type { Service } from './service.js';
import { catchUp } from './processing.js';
import { toListItem } from './view.js';
import { POLICY_STATUSES } from '../../harness/model.js';

interface Filter {
  /** Why a value is refused, or null when it is usable. */
  invalid(value: string, on: IsOn): string | null;
  keep(app: Application, value: string, on: IsOn, now: number): boolean;
  /** The fault that makes the filter a no-op. */
  ignoredBy?: Fault;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** `YYYY-MM-DD` names a day of the calendar: Date.parse rolls 29 February 1999 over to 1 March, it refuses none. */
function isCalendarDay(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const anyString = (): null => null;
const equals = (member: 'external_id' | 'plan_hios_id') => (a: Application, v: string) => a.data[member] === v;

const FILTERS: Record<string, Filter> = {
  policy_status: {
    invalid: (v, on) =>
      (POLICY_STATUSES as readonly string[]).includes(v) || on(F.listPolicyStatusAny)
        ? null
        : `must be one of ${POLICY_STATUSES.join(', ')}`,
    // The fault's join drops applications filed under an employer from every state's list.
    keep: (a, v, on, now) =>
      listedStatus(a, on, now) === v && !(on(F.listFilterDropsEmployer) && employerOf(a) !== undefined),
    ignoredBy: F.listPolicyStatusIgnored,
  },
  external_id: {
    invalid: anyString,
    // The fault compares an id sanitised to the suite's own alphabet, which no stored odd id equals.
    keep: (a, v, on) => equals('external_id')(a, v) && !(on(F.listExternalIdOddUnmatched) && /[^A-Za-z0-9_-]/.test(v)),
    ignoredBy: F.listExternalIdIgnored,
  },
  plan_year: {
    invalid: (v) => (/^\d{4}$/.test(v) ? null : 'must be an integer year'),
    keep: (a, v) => planYearOf(a) === Number(v),
    ignoredBy: F.listPlanYearIgnored,
  },
  issuer_hios_id: {
    invalid: anyString,
    keep: (a, v) => issuerOf(a.data.plan_hios_id) === v,
    ignoredBy: F.listIssuerHiosIdIgnored,
  },
  plan_hios_id: { invalid: anyString, keep: equals('plan_hios_id'), ignoredBy: F.listPlanHiosIdIgnored },
  employer_external_id: { invalid: anyString, keep: (a, v) => employerOf(a) === v },
  updated_since: {
    invalid: (v) =>
      DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)) && isCalendarDay(v.slice(0, 10))
        ? null
        : 'must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z',
    // Strictly after; the fault compares the text.
    keep: (a, v, on) => (on(F.updatedSinceAsText) ? a.updated_at > v : Date.parse(a.updated_at) > Date.parse(v)),
    ignoredBy: F.listUpdatedSinceIgnored,
  },
};

const PAGING = ['limit', 'offset'] as const;
const LIST_PARAMS = ['product', 'exchange', ...Object.keys(FILTERS), ...PAGING];

/** limit 1..100 (default 25), offset >= 0 (default 0); a refusal or the page bounds. */
function paging(query: Record<string, string>, on: IsOn): RouteResult | { limit: number; offset: number } {
  const defaultLimit = on(F.listDefaultLimit50) ? 50 : 25;
  const limit = query.limit === undefined ? defaultLimit : /^-?\d+$/.test(query.limit) ? Number(query.limit) : NaN;
  if (!(limit >= 1 && limit <= 100) && !(on(F.listLimitUnbounded) && limit >= 0)) {
    return fail(400, 'invalid_field_value', 'limit must be an integer from 1 to 100.', 'limit');
  }
  let offset =
    query.offset === undefined
      ? on(F.listOffsetDefault1)
        ? 1
        : 0
      : /^-?\d+$/.test(query.offset)
        ? Number(query.offset)
        : NaN;
  if (offset < 0 && on(F.listNegativeOffsetAccepted)) offset = 0;
  if (!(offset >= 0)) return fail(400, 'invalid_field_value', 'offset must be an integer >= 0.', 'offset');
  // The fault shifts every later page back by one row, so pages overlap.
  if (offset > 0 && query.offset !== undefined && on(F.listPagesOverlap)) offset -= 1;
  return { limit, offset };
}

/** What an application's latest change of status left behind (events newest last). */
const BEFORE_EVENT: Partial<Record<ApplicationEvent['type'], (e: ApplicationEvent) => string | undefined>> = {
  policy_status_updated: (e) => e.old_status,
  cancelled: () => 'pending_effectuation',
  submission_failed: () => 'draft',
};

/** How long the lagging variant's list keeps showing the status before a change (within asyncTimeoutMs). */
const LIST_LAG_MS = 1_000;

/**
 * The status the list shows: the application's own; the one before its latest change under
 * the fault (for good), and under the variant while that change is younger than LIST_LAG_MS.
 */
function listedStatus(app: Application, on: IsOn, now: number): string {
  if (!on(F.listStatusLags) && !on(F.listLags)) return app.policy_status;
  const latest = [...app.events].reverse().find((e) => BEFORE_EVENT[e.type] !== undefined);
  if (!latest) return app.policy_status;
  if (!on(F.listStatusLags) && now - Date.parse(latest.occurred_at) >= LIST_LAG_MS) return app.policy_status;
  return BEFORE_EVENT[latest.type]!(latest) ?? app.policy_status;
}

/**
 * The row of an application: while its latest event is a PUT's change, as it was before that
 * change for good under the fault, and for LIST_LAG_MS under the variant; else as it is.
 */
function rowOf(app: Application, on: IsOn, now: number): Record<string, unknown> {
  const before = app.listed_before_change;
  if (!before || app.events.at(-1)?.type !== 'changed') return toListItem(app);
  const lagging = on(F.listRowStaleAfterPut) || (on(F.listRowLags) && now - before.at_ms < LIST_LAG_MS);
  return lagging ? before.row : toListItem(app);
}

function routingRequired(query: Record<string, string>, on: IsOn): RouteResult | null {
  const relaxed = { ...query };
  if (relaxed.product === undefined && on(F.listProductOptional)) relaxed.product = 'ichra';
  if (relaxed.exchange === undefined && on(F.listExchangeOptional)) relaxed.exchange = 'off_exchange';
  return checkRoutingQuery(relaxed, 400, on);
}

export function listEnrollments(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const allowed = ctx.on(F.listEmployerUnsupported)
      ? LIST_PARAMS.filter((p) => p !== 'employer_external_id')
      : LIST_PARAMS;
    const refused =
      (ctx.on(F.listIgnoresUnsupportedParam) ? null : unsupportedParam(ctx.query, allowed)) ??
      routingRequired(ctx.query, ctx.on);
    if (refused) return refused;
    const active: Array<[Filter, string]> = [];
    for (const [name, filter] of Object.entries(FILTERS)) {
      const value = ctx.query[name];
      if (value === undefined) continue;
      const problem = filter.invalid(value, ctx.on);
      if (problem) return fail(400, 'invalid_field_value', `${name} ${problem}.`, name);
      // The fault drops the external_id filter from a query that also filters on policy_status.
      const dropped = name === 'external_id' && ctx.query.policy_status !== undefined;
      if (dropped && ctx.on(F.listExternalIdIgnoredBesideStatus)) continue;
      if (!(filter.ignoredBy && ctx.on(filter.ignoredBy))) active.push([filter, value]);
    }
    const page = paging(ctx.query, ctx.on);
    if ('status' in page) return page;

    const now = ctx.now().getTime();
    // The second fault's policy_status filter runs on every account's applications.
    const everyAccount =
      ctx.on(F.listEveryAccount) || (ctx.on(F.statusListEveryAccount) && ctx.query.policy_status !== undefined);
    const kept = svc.store.visibleTo(everyAccount ? null : ctx.account.id).filter((app) => {
      catchUp(app, svc.env);
      return active.every(([filter, value]) => filter.keep(app, value, ctx.on, now));
    });
    const rows = ctx.on(F.listNewestFirst) ? kept.reverse() : kept;
    const start = ctx.on(F.listOffsetIgnored) ? 0 : page.offset;
    const slice = rows.slice(start, start + page.limit).map((app) => ({
      ...rowOf(app, ctx.on, now),
      policy_status: listedStatus(app, ctx.on, now),
      // The fault's row builder takes the update time for the creation time.
      ...(ctx.on(F.listRowCreatedAtUpdated) ? { created_at: app.updated_at } : {}),
    }));
    return {
      status: 200,
      body: { applications: slice, pagination: { limit: page.limit, offset: page.offset, total: rows.length } },
    };
  };
}
