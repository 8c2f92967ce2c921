/**
 * Faults of the reference-data family (2.2–2.4, 4.2–4.4), and its variants; handlers ask with
 * `on(REFERENCE_FAULTS.x)`.
 */
import { detailsAlways } from '../core/error-choices.js';
import { bodyOf, faultsOf, is, successAs, variantsOf, withoutHeader } from '../core/declare-fault.js';
import { body, serverProbe, status, UNCHECKED } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import type { RouteResult } from '../types.js';
import { nullableMembers, pageLinks, unicodeIssuers } from './variant-rewrites.js';

const { flag, rewrite } = faultsOf('reference');
const { variant, variantRewrite } = variantsOf('reference');

const COUNTIES = '/v1/reference/counties';
const ISSUERS = '/v1/reference/issuers';
const PROVIDERS = '/v1/reference/providers';
/** States of the contract's data that are not among the 50 states and DC. */
const TERRITORIES = new Set(['PR', 'VI', 'GU', 'AS', 'MP', 'UM']);
/** The fixture search: 120 matches near Louisville. */
const PROV = `${PROVIDERS}?query=Health&zip_code=40202&exchange=on_exchange`;

type Row = Record<string, unknown>;
/** Rewrite every row of a 200 list member. */
const mapRows = (res: RouteResult, member: string, fn: (rows: Row[]) => Row[]): RouteResult => {
  const rows = bodyOf(res)?.[member];
  return res.status === 200 && Array.isArray(rows)
    ? { ...res, body: { ...bodyOf(res), [member]: fn(rows as Row[]) } }
    : res;
};
const caseless = (a: Row, b: Row): number => {
  const x = String(a.name).toLowerCase();
  const y = String(b.name).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};
const byteOrder = (a: Row, b: Row): number =>
  String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0;

export const REFERENCE_FAULTS = {
  // Counties
  countiesAnswer201: rewrite(
    'counties-answer-201',
    'COUNTIES-200',
    'Counties of a known ZIP code answer 201 Created instead of 200.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/counties?zip_code=40202')),
    successAs(COUNTIES, 201),
  ),
  countiesKnownZipEmpty: rewrite(
    'counties-known-zip-empty',
    'COUNTIES-NONEMPTY',
    'A known ZIP code answers 200 with an empty counties list.',
    serverProbe(({ call }) =>
      body(call, 'GET', '/v1/reference/counties?zip_code=40202').then((b) => b.counties.length),
    ),
    (req, res) => (is(req, 'GET', COUNTIES) ? mapRows(res, 'counties', () => []) : res),
  ),
  countiesStateOfZip: flag(
    'counties-state-of-zip-not-fips',
    'COUNTIES-STATE-OF-FIPS',
    "Counties of a cross-state ZIP code all get the ZIP code's main state.",
    serverProbe(({ call }) => body(call, 'GET', '/v1/reference/counties?zip_code=42223')),
  ),
  countiesZipPattern404: rewrite(
    'counties-zip-pattern-404',
    'COUNTIES-ZIP-PATTERN',
    'A zip_code that is not 5 digits gives 404 instead of 400.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/counties?zip_code=abc')),
    (req, res) =>
      is(req, 'GET', COUNTIES) && req.query.zip_code !== undefined && res.status === 400
        ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'No counties.' } } }
        : res,
  ),
  countiesZipOptional: rewrite(
    'counties-zip-optional',
    'COUNTIES-ZIP-REQUIRED',
    'A request without zip_code gets 404 instead of 400.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/counties')),
    (req, res) =>
      is(req, 'GET', COUNTIES) && req.query.zip_code === undefined && res.status === 400
        ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'No counties.' } } }
        : res,
  ),
  countiesUnknownZip400: rewrite(
    'counties-unknown-zip-400',
    'COUNTIES-UNKNOWN-ZIP-404',
    'A well-formed ZIP code with no counties gives 400 instead of 404.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/counties?zip_code=99999')),
    (req, res) =>
      is(req, 'GET', COUNTIES) && res.status === 404
        ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Unknown ZIP code.' } } }
        : res,
  ),
  countiesFipsCountyPartOnly: rewrite(
    'counties-fips-county-part-only',
    'COUNTIES-FIPS-FORMAT',
    'fips_code carries only the 3-digit county part.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/reference/counties?zip_code=40202')),
    (req, res) =>
      is(req, 'GET', COUNTIES)
        ? mapRows(res, 'counties', (rows) => rows.map((c) => ({ ...c, fips_code: String(c.fips_code).slice(2) })))
        : res,
  ),
  countiesMissingName: rewrite(
    'counties-missing-name',
    'COUNTIES-SCHEMA',
    'Counties lack their name.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/reference/counties?zip_code=40202')),
    (req, res) =>
      is(req, 'GET', COUNTIES) ? mapRows(res, 'counties', (rows) => rows.map(({ name: _n, ...c }) => c)) : res,
  ),
  countiesLeadingZero404: rewrite(
    'counties-leading-zero-404',
    'COUNTIES-ZIP-DOMAIN',
    'ZIP codes that begin with 0 (New England, New Jersey, Puerto Rico) answer 404: the ZIP code is read as a number.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/counties?zip_code=02108')),
    (req, res) =>
      is(req, 'GET', COUNTIES) && req.query.zip_code?.startsWith('0') && res.status === 200
        ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'No counties for that ZIP code.' } } }
        : res,
  ),
  // Issuers
  issuersAnswer203: rewrite(
    'issuers-answer-203',
    'ISSUERS-200',
    'Issuers answer 203 Non-Authoritative Information instead of 200.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
    successAs(ISSUERS, 203),
  ),
  // The first issuer, so its digits still sort first and the order rules keep holding.
  issuersNameNumeric: rewrite(
    'issuers-name-numeric',
    'ISSUERS-SCHEMA',
    "The first issuer's name is sent as a JSON number (its HIOS id).",
    serverProbe(({ call }) =>
      body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026').then((b) =>
        b.issuers.map((i: { name: unknown }) => typeof i.name),
      ),
    ),
    (req, res) =>
      is(req, 'GET', ISSUERS)
        ? mapRows(res, 'issuers', (rows) =>
            rows.map((r, i) => (i === 0 ? { ...r, name: Number(r.hios_issuer_id) } : r)),
          )
        : res,
  ),
  issuersByteOrder: rewrite(
    'issuers-byte-order',
    'ISSUERS-ORDER',
    'Issuers are sorted by byte order of name (uppercase first).',
    serverProbe(({ call }) => body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
    (req, res) =>
      is(req, 'GET', ISSUERS)
        ? mapRows(res, 'issuers', (rows) =>
            [...rows].sort((a, b) => byteOrder(a, b) || (String(a.hios_issuer_id) < String(b.hios_issuer_id) ? -1 : 1)),
          )
        : res,
  ),
  issuersTieNotById: rewrite(
    'issuers-tie-not-by-id',
    'ISSUERS-ORDER-TIEBREAK',
    'Issuers with the same name come in descending hios_issuer_id order.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
    (req, res) =>
      is(req, 'GET', ISSUERS)
        ? mapRows(res, 'issuers', (rows) =>
            [...rows].sort((a, b) => caseless(a, b) || (String(a.hios_issuer_id) < String(b.hios_issuer_id) ? 1 : -1)),
          )
        : res,
  ),
  issuersHiosWithState: rewrite(
    'issuers-hios-with-state',
    'ISSUERS-HIOS-FORMAT',
    'hios_issuer_id is prefixed with the state (e.g. KY61794).',
    serverProbe(({ call }) => body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
    (req, res) =>
      is(req, 'GET', ISSUERS)
        ? mapRows(res, 'issuers', (rows) =>
            rows.map((r) => ({ ...r, hios_issuer_id: `${req.query.state ?? ''}${String(r.hios_issuer_id)}` })),
          )
        : res,
  ),
  issuersUnknownState422: rewrite(
    'issuers-unknown-state-422',
    'SCHEMA-DOCUMENTED-STATUS',
    'A state with no issuers gives 422, a status issuers does not list.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=ZZ')),
    (req, res) => (is(req, 'GET', ISSUERS) && res.status === 404 ? { ...res, status: 422 } : res),
  ),
  issuersLowercaseAccepted: flag(
    'issuers-lowercase-accepted',
    'ISSUERS-STATE-LOWERCASE-400',
    'A lowercase state is upper-cased and accepted.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=ky')),
  ),
  issuersStateOptional: flag(
    'issuers-state-optional',
    'ISSUERS-STATE-REQUIRED',
    'Without state, the issuers of KY are returned.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers')),
  ),
  issuersStatePattern404: rewrite(
    'issuers-state-pattern-404',
    'ISSUERS-STATE-PATTERN',
    'A malformed state (not two letters) gives 404 instead of 400.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=K1')),
    (req, res) =>
      is(req, 'GET', ISSUERS) &&
      res.status === 400 &&
      req.query.state !== undefined &&
      !/^[A-Za-z]{2}$/.test(req.query.state)
        ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'Unknown state.' } } }
        : res,
  ),
  issuersTerritoriesRefused: rewrite(
    'issuers-territories-refused',
    'ISSUERS-200',
    'Issuers of a territory (PR, VI, GU, AS, MP, UM) are refused with 400: only the 50 states and DC pass the ' +
      'state check.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=PR&plan_year=2026')),
    (req, res) =>
      is(req, 'GET', ISSUERS) && TERRITORIES.has(req.query.state ?? '') && res.status < 500
        ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Unknown state.' } } }
        : res,
  ),
  issuersPlanYearUnchecked: flag(
    'issuers-plan-year-range-unchecked',
    'ISSUERS-PLAN-YEAR-RANGE',
    'plan_year outside 2020 to 2099 is accepted.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2019')),
  ),
  issuersUpperBoundExclusive: flag(
    'issuers-plan-year-2099-rejected',
    'ISSUERS-PLAN-YEAR-BOUNDS',
    'plan_year 2099 is rejected (upper bound treated as exclusive).',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2099')),
  ),
  issuersDefaultPreviousYear: flag(
    'issuers-default-year-previous',
    'ISSUERS-PLAN-YEAR-DEFAULT',
    'Without plan_year, the previous plan year is used.',
    serverProbe(
      async ({ call }) =>
        JSON.stringify(await body(call, 'GET', '/v1/reference/issuers?state=KY')) ===
        JSON.stringify(await body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026')),
    ),
  ),
  // Providers
  providersAnswer206: rewrite(
    'providers-answer-206',
    'PROVIDERS-200',
    'Provider searches answer 206 Partial Content instead of 200.',
    serverProbe(({ call }) => status(call, 'GET', PROV)),
    successAs(PROVIDERS, 206),
  ),
  providersPageSizeRejected: flag(
    'providers-page-size-not-clamped',
    'PROVIDERS-PAGE-SIZE-CLAMP',
    'A page[size] outside 1 to 50 is rejected with 400 instead of resolving to 50.',
    serverProbe(({ call }) => status(call, 'GET', `${PROV}&page[size]=500`)),
  ),
  providersLargestPageRefused: flag(
    'providers-largest-page-refused',
    'SCHEMA-BOUND-INSIDE',
    'A page[size] of 50, the largest stated, is refused with 400: the range is read as 1 to 49.',
    serverProbe(({ call }) => status(call, 'GET', `${PROV}&page[size]=50`)),
  ),
  providersPageNumberRejected: flag(
    'providers-page-number-zero-400',
    'PROVIDERS-PAGE-NUMBER-CLAMP',
    'A page[number] below 1 is rejected with 400 instead of treated as 1.',
    serverProbe(({ call }) => status(call, 'GET', `${PROV}&page[number]=0`)),
  ),
  providersDefaultSize20: flag(
    'providers-default-size-20',
    'PROVIDERS-PAGE-SIZE-DEFAULT',
    'page[size] defaults to 20.',
    serverProbe(({ call }) => body(call, 'GET', PROV).then((b) => b.meta.page_size)),
  ),
  providersDefaultPage2: rewrite(
    'providers-default-page-2',
    'PROVIDERS-PAGE-NUMBER-DEFAULT',
    'Without page[number] the meta says page 2.',
    serverProbe(({ call }) => body(call, 'GET', PROV).then((b) => b.meta.page_number)),
    (req, res) => {
      const meta = bodyOf(res)?.meta;
      return is(req, 'GET', PROVIDERS) &&
        req.query['page[number]'] === undefined &&
        res.status === 200 &&
        meta &&
        typeof meta === 'object'
        ? { ...res, body: { ...bodyOf(res), meta: { ...meta, page_number: 2 } } }
        : res;
    },
  ),
  providersResultCountOfPage: flag(
    'providers-result-count-of-page',
    'PROVIDERS-RESULT-COUNT',
    'result_count is the number of rows on the page, not of the search.',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[number]=3`).then((b) => b.meta.result_count)),
  ),
  providersResultCountCapped: rewrite(
    'providers-result-count-capped-100',
    'PROVIDERS-RESULT-COUNT',
    'result_count stops at 100: a search with more matches says 100 on every page.',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`).then((b) => b.meta.result_count)),
    (req, res) => {
      const meta = bodyOf(res)?.meta as Record<string, unknown> | undefined;
      return is(req, 'GET', PROVIDERS) && res.status === 200 && meta && typeof meta.result_count === 'number'
        ? { ...res, body: { ...bodyOf(res), meta: { ...meta, result_count: Math.min(meta.result_count, 100) } } }
        : res;
    },
  ),
  providersLastPageShort: rewrite(
    'providers-last-page-drops-row',
    'PROVIDERS-PAGES-CONSISTENT',
    'The last page of a search that spans pages misses its last match.',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[number]=3`).then((b) => b.providers.length)),
    (req, res) => {
      const page = bodyOf(res);
      const meta = page?.meta as { page_number: number; page_size: number; result_count: number } | undefined;
      const rows = page?.providers as unknown[] | undefined;
      const last = meta && meta.page_number > 1 && meta.page_number * meta.page_size >= meta.result_count;
      return is(req, 'GET', PROVIDERS) && res.status === 200 && last && rows && rows.length > 0
        ? { ...res, body: { ...page, providers: rows.slice(0, -1) } }
        : res;
    },
  ),
  providersApostropheUnmatched: flag(
    'providers-apostrophe-unmatched',
    'PROVIDERS-NAME-ROUND-TRIP',
    "A query holding an apostrophe matches nothing (the search escapes it twice): O'Brien is listed but never " +
      'found by name.',
    serverProbe(({ call }) =>
      body(call, 'GET', `/v1/reference/providers?query=O'Brien&zip_code=40202&exchange=on_exchange`).then(
        (b) => b.meta.result_count,
      ),
    ),
  ),
  providersQueryOptional: flag(
    'providers-list-all-without-query',
    'PROVIDERS-NO-LIST-ALL',
    'A search without query lists every provider near the ZIP code.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/providers?zip_code=40202&exchange=on_exchange')),
  ),
  providersEmptyQueryAccepted: rewrite(
    'providers-empty-query-accepted',
    'PROVIDERS-QUERY-REQUIRED',
    'An empty query= gives 200 with no providers instead of 400.',
    serverProbe(({ call }) =>
      status(call, 'GET', '/v1/reference/providers?query=&zip_code=40202&exchange=on_exchange'),
    ),
    (req, res) =>
      is(req, 'GET', PROVIDERS) && req.query.query === '' && res.status === 400
        ? { ...res, status: 200, body: { providers: [], meta: { page_number: 1, page_size: 50, result_count: 0 } } }
        : res,
  ),
  providersExchangeUnchecked: flag(
    'providers-exchange-unchecked',
    'PROVIDERS-EXCHANGE-ENUM',
    'exchange is not checked (missing or unknown values accepted).',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/providers?query=a&zip_code=40202')),
  ),
  providersZipUnchecked: flag(
    'providers-zip-unchecked',
    'PROVIDERS-ZIP-REQUIRED',
    'A missing or malformed zip_code gives an empty 200 instead of 400.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/providers?query=a&zip_code=1&exchange=on_exchange')),
  ),
  providersPagesOverlap: flag(
    'providers-pages-overlap',
    'PROVIDERS-PAGES-CONSISTENT',
    'Pages after the first start one row early, so they overlap.',
    serverProbe(({ call }) =>
      body(call, 'GET', `${PROV}&page[size]=10&page[number]=2`).then((b) => b.providers[0].npi),
    ),
  ),
  providersPageNumberIgnored: flag(
    'providers-page-number-ignored',
    'PROVIDERS-PAGES-CONSISTENT',
    'page[number] is accepted but ignored: every page holds the first providers.',
    serverProbe(({ call }) =>
      body(call, 'GET', `${PROV}&page[size]=10&page[number]=2`).then((b) => b.providers[0].npi),
    ),
  ),
  providersPageOversized: flag(
    'providers-page-oversized',
    'PROVIDERS-PAGE-SIZE-BOUND',
    'A page holds one provider more than page_size.',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[size]=10`).then((b) => b.providers.length)),
  ),
  // A parameter the issuers checks send only as a year: only its hostile-value check (suites/owed/) shows the crash.
  issuersPlanYearQuote500: rewrite(
    'issuers-plan-year-quote-500',
    'EDGE-NO-5XX',
    'A plan_year holding a quote, a percent sign or a backslash crashes the issuers read (500) instead of a 400.',
    serverProbe(({ call }) => status(call, 'GET', `/v1/reference/issuers?state=KY&plan_year=2026'`)),
    (req, res) =>
      is(req, 'GET', '/v1/reference/issuers') && /['"%\\]/.test(req.query.plan_year ?? '')
        ? { ...res, status: 500, body: { error: { code: 'internal_error', message: 'Plan year lookup failed.' } } }
        : res,
  ),
  providersQuoteCrash: flag(
    'providers-quote-in-query-500',
    'EDGE-NO-5XX',
    'A query containing a quote, percent sign or backslash crashes the search (500).',
    serverProbe(({ call }) =>
      status(call, 'GET', `/v1/reference/providers?query=O'Brien&zip_code=40202&exchange=on_exchange`),
    ),
  ),
  providersEmpty404: rewrite(
    'providers-empty-404',
    'PROVIDERS-EMPTY',
    'A search that matches nothing gives 404 instead of an empty list.',
    serverProbe(({ call }) =>
      status(call, 'GET', '/v1/reference/providers?query=zzzz&zip_code=40202&exchange=on_exchange'),
    ),
    (req, res) =>
      is(req, 'GET', PROVIDERS) &&
      res.status === 200 &&
      Array.isArray(bodyOf(res)?.providers) &&
      (bodyOf(res)!.providers as unknown[]).length === 0
        ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'No providers.' } } }
        : res,
  ),
  providersNpi9Digits: rewrite(
    'providers-npi-9-digits',
    'PROVIDERS-NPI-FORMAT',
    'npi loses its check digit (9 digits).',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
    (req, res) =>
      is(req, 'GET', PROVIDERS)
        ? mapRows(res, 'providers', (rows) => rows.map((p) => ({ ...p, npi: String(p.npi).slice(0, 9) })))
        : res,
  ),
  providersZipPlus4: rewrite(
    'providers-zip-plus-4',
    'PROVIDERS-ADDRESS-FORMAT',
    'Provider zip_code is written ZIP+4.',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
    (req, res) =>
      is(req, 'GET', PROVIDERS)
        ? mapRows(res, 'providers', (rows) => rows.map((p) => ({ ...p, zip_code: `${String(p.zip_code)}-0001` })))
        : res,
  ),
  providersMetaStrings: rewrite(
    'providers-meta-strings',
    'PROVIDERS-META',
    'meta numbers are sent as strings.',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
    (req, res) => {
      const meta = bodyOf(res)?.meta as Record<string, unknown> | undefined;
      return is(req, 'GET', PROVIDERS) && res.status === 200 && meta
        ? {
            ...res,
            body: { ...bodyOf(res), meta: Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, String(v)])) },
          }
        : res;
    },
  ),
  providersCredentialMissing: rewrite(
    'providers-credential-missing',
    'PROVIDERS-SCHEMA',
    'Providers lack their credential.',
    serverProbe(({ call }) => body(call, 'GET', `${PROV}&page[size]=1`)),
    (req, res) =>
      is(req, 'GET', PROVIDERS) ? mapRows(res, 'providers', (rows) => rows.map(({ credential: _c, ...p }) => p)) : res,
  ),
  // Only a later page: the checks that read content types read the first one; the run-wide check reads all.
  providersLaterPagesTextPlain: rewrite(
    'providers-later-pages-text-plain',
    'SCHEMA-SUCCESS-JSON',
    'Provider search answers past the first page (page[number] 2 and on) are labelled text/plain; the JSON body is ' +
      'unchanged.',
    serverProbe(({ call }) =>
      call('GET', `${PROV}&page[number]=2&page[size]=1`, UNCHECKED).then((r) => r.headers['content-type']),
    ),
    (req, res) =>
      is(req, 'GET', PROVIDERS) && res.status === 200 && Number(req.query['page[number]']) >= 2
        ? {
            ...res,
            headers: { ...withoutHeader(res.headers, 'Content-Type'), 'Content-Type': 'text/plain; charset=utf-8' },
          }
        : res,
  ),
  // Variants: valid choices where the contract is open.
  issuersUnicodeNames: variantRewrite(
    'issuers-unicode-names',
    '2.3',
    'Issuer names carry accented letters (Ánthem, Ámbetter, áetna) and are ordered case-insensitively by the ' +
      'Unicode collation, not by code unit.',
    serverProbe(({ call }) =>
      body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=2026').then((b) =>
        b.issuers.map((i: { name: string }) => i.name),
      ),
    ),
    (req, res) => (is(req, 'GET', ISSUERS) ? mapRows(res, 'issuers', unicodeIssuers) : res),
  ),
  providersLargeDirectory: variant(
    'providers-large-directory',
    '4.4',
    'The directory is ten times larger: the fixture search matches 1,200 providers, 24 full pages.',
    serverProbe(({ call }) => body(call, 'GET', PROV).then((b) => b.meta.result_count)),
  ),
  providersInternationalNames: variant(
    'providers-international-names',
    '2.4',
    'Provider names of every kind: apostrophes, hyphens, diacritics, other scripts (Núñez, Zoë, Søren-Åberg, 김민준, ' +
      'Дмитрий), found by a search for them.',
    serverProbe(({ call }) =>
      body(call, 'GET', `${PROV}&page[size]=20`).then((b) =>
        b.providers.map((p: { last_name: string }) => p.last_name),
      ),
    ),
  ),
  providersNullMembers: variantRewrite(
    'providers-null-members',
    '2.4',
    'Members a directory lacks are null: credential, specialization and organization_name on about half the ' +
      'providers, the address on about a third.',
    serverProbe(({ call }) =>
      body(call, 'GET', `${PROV}&page[size]=3`).then((b) =>
        b.providers.map((p: { credential: unknown }) => p.credential),
      ),
    ),
    (req, res) => (is(req, 'GET', PROVIDERS) ? mapRows(res, 'providers', nullableMembers) : res),
  ),
  providersPageLinks: variantRewrite(
    'providers-page-links',
    '2.4',
    'Search answers add paging metadata of other names: meta.total_pages and meta.has_more, and links {self, next, ' +
      'prev}.',
    serverProbe(({ call }) => body(call, 'GET', PROV).then((b) => Object.keys(b).concat(Object.keys(b.meta)))),
    (req, res) => (is(req, 'GET', PROVIDERS) ? pageLinks(req, res) : res),
  ),
  errorDetailsAlways: variantRewrite(
    'error-details-always',
    '7',
    'Every unified error carries details, edge errors (404, 403, 413, 415, 429) included.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/nope').then((b) => b.error.details ?? null)),
    detailsAlways,
  ),
} satisfies Record<string, Switch>;
