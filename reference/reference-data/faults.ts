/** Faults of the reference-data family (2.2–2.4, 4.2–4.4). */
import { bodyOf, flagFault, is, rewriteFault } from '../core/fault-kit.js';
import type { Fault, RouteResult } from '../types.js';
import { REFERENCE_FLAGS as F } from './flags.js';

const COUNTIES = '/v1/reference/counties';
const ISSUERS = '/v1/reference/issuers';
const PROVIDERS = '/v1/reference/providers';

type Row = Record<string, unknown>;
/** Rewrite every row of a 200 list member. */
const mapRows = (res: RouteResult, member: string, fn: (rows: Row[]) => Row[]): RouteResult => {
  const rows = bodyOf(res)?.[member];
  return res.status === 200 && Array.isArray(rows) ? { ...res, body: { ...bodyOf(res), [member]: fn(rows as Row[]) } } : res;
};
const caseless = (a: Row, b: Row): number => {
  const x = String(a.name).toLowerCase();
  const y = String(b.name).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};
const byteOrder = (a: Row, b: Row): number => (String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0);

/** A successful answer to `path` sent with another 2xx status (the body is kept). */
const successAs = (name: string, rule: string, path: string, status: number, summary: string): Fault =>
  rewriteFault(name, rule, 'reference', summary, (req, res) => (is(req, 'GET', path) && res.status === 200 ? { ...res, status } : res));

export const faults: Fault[] = [
  // Counties
  successAs('counties-answer-201', 'COUNTIES-200', COUNTIES, 201, 'Counties of a known ZIP code answer 201 Created instead of 200.'),
  rewriteFault('counties-known-zip-empty', 'COUNTIES-NONEMPTY', 'reference', 'A known ZIP code answers 200 with an empty counties list.', (req, res) =>
    is(req, 'GET', COUNTIES) ? mapRows(res, 'counties', () => []) : res),
  flagFault(F.countiesStateOfZip, 'COUNTIES-STATE-OF-FIPS', 'reference', 'Counties of a cross-state ZIP code all get the ZIP code\'s main state.'),
  rewriteFault('counties-zip-pattern-404', 'COUNTIES-ZIP-PATTERN', 'reference', 'A zip_code that is not 5 digits gives 404 instead of 400.', (req, res) =>
    is(req, 'GET', COUNTIES) && req.query.zip_code !== undefined && res.status === 400 ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'No counties.' } } } : res),
  rewriteFault('counties-zip-optional', 'COUNTIES-ZIP-REQUIRED', 'reference', 'A request without zip_code gets 404 instead of 400.', (req, res) =>
    is(req, 'GET', COUNTIES) && req.query.zip_code === undefined && res.status === 400 ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'No counties.' } } } : res),
  rewriteFault('counties-unknown-zip-400', 'COUNTIES-UNKNOWN-ZIP-404', 'reference', 'A well-formed ZIP code with no counties gives 400 instead of 404.', (req, res) =>
    is(req, 'GET', COUNTIES) && res.status === 404 ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Unknown ZIP code.' } } } : res),
  rewriteFault('counties-fips-county-part-only', 'COUNTIES-FIPS-FORMAT', 'reference', 'fips_code carries only the 3-digit county part.', (req, res) =>
    is(req, 'GET', COUNTIES) ? mapRows(res, 'counties', (rows) => rows.map((c) => ({ ...c, fips_code: String(c.fips_code).slice(2) }))) : res),
  rewriteFault('counties-missing-name', 'COUNTIES-SCHEMA', 'reference', 'Counties lack their name.', (req, res) =>
    is(req, 'GET', COUNTIES) ? mapRows(res, 'counties', (rows) => rows.map(({ name: _n, ...c }) => c)) : res),
  // Issuers
  successAs('issuers-answer-203', 'ISSUERS-200', ISSUERS, 203, 'Issuers answer 203 Non-Authoritative Information instead of 200.'),
  // The first issuer, so its digits still sort first and the order rules keep holding.
  rewriteFault('issuers-name-numeric', 'ISSUERS-SCHEMA', 'reference', 'The first issuer\'s name is sent as a JSON number (its HIOS id).', (req, res) =>
    is(req, 'GET', ISSUERS) ? mapRows(res, 'issuers', (rows) => rows.map((r, i) => (i === 0 ? { ...r, name: Number(r.hios_issuer_id) } : r))) : res),
  rewriteFault('issuers-byte-order', 'ISSUERS-ORDER', 'reference', 'Issuers are sorted by byte order of name (uppercase first).', (req, res) =>
    is(req, 'GET', ISSUERS) ? mapRows(res, 'issuers', (rows) => [...rows].sort((a, b) => byteOrder(a, b) || (String(a.hios_issuer_id) < String(b.hios_issuer_id) ? -1 : 1))) : res),
  rewriteFault('issuers-tie-not-by-id', 'ISSUERS-ORDER-TIEBREAK', 'reference', 'Issuers with the same name come in descending hios_issuer_id order.', (req, res) =>
    is(req, 'GET', ISSUERS)
      ? mapRows(res, 'issuers', (rows) => [...rows].sort((a, b) => caseless(a, b) || (String(a.hios_issuer_id) < String(b.hios_issuer_id) ? 1 : -1)))
      : res),
  rewriteFault('issuers-hios-with-state', 'ISSUERS-HIOS-FORMAT', 'reference', 'hios_issuer_id is prefixed with the state (e.g. KY61794).', (req, res) =>
    is(req, 'GET', ISSUERS) ? mapRows(res, 'issuers', (rows) => rows.map((r) => ({ ...r, hios_issuer_id: `${req.query.state ?? ''}${String(r.hios_issuer_id)}` }))) : res),
  rewriteFault('issuers-unknown-state-422', 'SCHEMA-DOCUMENTED-STATUS', 'reference', 'A state with no issuers gives 422, a status issuers does not list.', (req, res) =>
    is(req, 'GET', ISSUERS) && res.status === 404 ? { ...res, status: 422 } : res),
  flagFault(F.issuersLowercaseAccepted, 'ISSUERS-STATE-LOWERCASE-400', 'reference', 'A lowercase state is upper-cased and accepted.'),
  flagFault(F.issuersStateOptional, 'ISSUERS-STATE-REQUIRED', 'reference', 'Without state, the issuers of KY are returned.'),
  rewriteFault('issuers-state-pattern-404', 'ISSUERS-STATE-PATTERN', 'reference', 'A malformed state (not two letters) gives 404 instead of 400.', (req, res) =>
    is(req, 'GET', ISSUERS) && res.status === 400 && req.query.state !== undefined && !/^[A-Za-z]{2}$/.test(req.query.state) ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'Unknown state.' } } } : res),
  flagFault(F.issuersPlanYearUnchecked, 'ISSUERS-PLAN-YEAR-RANGE', 'reference', 'plan_year outside 2020 to 2099 is accepted.'),
  flagFault(F.issuersUpperBoundExclusive, 'ISSUERS-PLAN-YEAR-BOUNDS', 'reference', 'plan_year 2099 is rejected (upper bound treated as exclusive).'),
  flagFault(F.issuersDefaultPreviousYear, 'ISSUERS-PLAN-YEAR-DEFAULT', 'reference', 'Without plan_year, the previous plan year is used.'),
  // Providers
  successAs('providers-answer-206', 'PROVIDERS-200', PROVIDERS, 206, 'Provider searches answer 206 Partial Content instead of 200.'),
  flagFault(F.providersPageSizeRejected, 'PROVIDERS-PAGE-SIZE-CLAMP', 'reference', 'A page[size] outside 1 to 50 is rejected with 400 instead of resolving to 50.'),
  flagFault(F.providersPageNumberRejected, 'PROVIDERS-PAGE-NUMBER-CLAMP', 'reference', 'A page[number] below 1 is rejected with 400 instead of treated as 1.'),
  flagFault(F.providersDefaultSize20, 'PROVIDERS-PAGE-SIZE-DEFAULT', 'reference', 'page[size] defaults to 20.'),
  rewriteFault('providers-default-page-2', 'PROVIDERS-PAGE-NUMBER-DEFAULT', 'reference', 'Without page[number] the meta says page 2.', (req, res) => {
    const meta = bodyOf(res)?.meta;
    return is(req, 'GET', PROVIDERS) && req.query['page[number]'] === undefined && res.status === 200 && meta && typeof meta === 'object'
      ? { ...res, body: { ...bodyOf(res), meta: { ...meta, page_number: 2 } } }
      : res;
  }),
  flagFault(F.providersResultCountOfPage, 'PROVIDERS-RESULT-COUNT', 'reference', 'result_count is the number of rows on the page, not of the search.'),
  flagFault(F.providersQueryOptional, 'PROVIDERS-NO-LIST-ALL', 'reference', 'A search without query lists every provider near the ZIP code.'),
  rewriteFault('providers-empty-query-accepted', 'PROVIDERS-QUERY-REQUIRED', 'reference', 'An empty query= gives 200 with no providers instead of 400.', (req, res) =>
    is(req, 'GET', PROVIDERS) && req.query.query === '' && res.status === 400 ? { ...res, status: 200, body: { providers: [], meta: { page_number: 1, page_size: 50, result_count: 0 } } } : res),
  flagFault(F.providersExchangeUnchecked, 'PROVIDERS-EXCHANGE-ENUM', 'reference', 'exchange is not checked (missing or unknown values accepted).'),
  flagFault(F.providersZipUnchecked, 'PROVIDERS-ZIP-REQUIRED', 'reference', 'A missing or malformed zip_code gives an empty 200 instead of 400.'),
  flagFault(F.providersPagesOverlap, 'PROVIDERS-PAGES-CONSISTENT', 'reference', 'Pages after the first start one row early, so they overlap.'),
  flagFault(F.providersPageOversized, 'PROVIDERS-PAGE-SIZE-BOUND', 'reference', 'A page holds one provider more than page_size.'),
  flagFault(F.providersQuoteCrash, 'EDGE-NO-5XX', 'reference', 'A query containing a quote, percent sign or backslash crashes the search (500).'),
  rewriteFault('providers-empty-404', 'PROVIDERS-EMPTY', 'reference', 'A search that matches nothing gives 404 instead of an empty list.', (req, res) =>
    is(req, 'GET', PROVIDERS) && res.status === 200 && Array.isArray(bodyOf(res)?.providers) && (bodyOf(res)!.providers as unknown[]).length === 0
      ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'No providers.' } } }
      : res),
  rewriteFault('providers-npi-9-digits', 'PROVIDERS-NPI-FORMAT', 'reference', 'npi loses its check digit (9 digits).', (req, res) =>
    is(req, 'GET', PROVIDERS) ? mapRows(res, 'providers', (rows) => rows.map((p) => ({ ...p, npi: String(p.npi).slice(0, 9) }))) : res),
  rewriteFault('providers-zip-plus-4', 'PROVIDERS-ADDRESS-FORMAT', 'reference', 'Provider zip_code is written ZIP+4.', (req, res) =>
    is(req, 'GET', PROVIDERS) ? mapRows(res, 'providers', (rows) => rows.map((p) => ({ ...p, zip_code: `${String(p.zip_code)}-0001` }))) : res),
  rewriteFault('providers-meta-strings', 'PROVIDERS-META', 'reference', 'meta numbers are sent as strings.', (req, res) => {
    const meta = bodyOf(res)?.meta as Record<string, unknown> | undefined;
    return is(req, 'GET', PROVIDERS) && res.status === 200 && meta
      ? { ...res, body: { ...bodyOf(res), meta: Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, String(v)])) } }
      : res;
  }),
  rewriteFault('providers-credential-missing', 'PROVIDERS-SCHEMA', 'reference', 'Providers lack their credential.', (req, res) =>
    is(req, 'GET', PROVIDERS) ? mapRows(res, 'providers', (rows) => rows.map(({ credential: _c, ...p }) => p)) : res),
];
