/** Requests and shared claims of the reference family (2.2–2.4, 4.2–4.4). */
import type { ApiRequest, CheckContext, Exchange } from '../../harness/suite/index.js';

const COUNTIES = '/v1/reference/counties';
const ISSUERS = '/v1/reference/issuers';
const PROVIDERS = '/v1/reference/providers';

/** A query value, or undefined to leave the parameter out. */
export type Query = Record<string, string | number | undefined>;

export const countiesRequest = (zip: string | undefined, label?: string): ApiRequest => ({
  method: 'GET',
  path: COUNTIES,
  query: { zip_code: zip },
  label,
});

export const issuersRequest = (query: Query, label?: string): ApiRequest => ({
  method: 'GET',
  path: ISSUERS,
  query,
  label,
});

/** The ZIP code the provider fixture is known near: `providerZipCode`, else `zipCode`. */
export function providerZip(t: CheckContext): string {
  const zip = t.target.fixture('providerZipCode') ?? t.fixture<string>('zipCode');
  return String(zip);
}

/** A provider search for the profile's fixtures; `changes` override (undefined removes) parameters. */
export function providerSearch(t: CheckContext, changes: Query = {}, label?: string): ApiRequest {
  const query: Query = {
    query: t.fixture<string>('providerQuery'),
    zip_code: providerZip(t),
    exchange: 'on_exchange',
    ...changes,
  };
  return { method: 'GET', path: PROVIDERS, query, label };
}

export interface ProviderPage {
  providers: Array<Record<string, unknown>>;
  meta: { page_number?: unknown; page_size?: unknown; result_count?: unknown };
}

/** The 200 body of a provider search, after checking that it is one (named by `rule`). */
export function providerPage(t: CheckContext, ex: Exchange, rule = 'PROVIDERS-200'): ProviderPage {
  t.expect.rules(rule).status(ex, 200);
  const body = t.json<Partial<ProviderPage>>(ex);
  t.expect.rules(rule).that(ex, {
    holds: Array.isArray(body?.providers) && typeof body?.meta === 'object' && body.meta !== null,
    title: 'not a provider search result',
    expected: '{providers: [...], meta: {...}}',
    observed: () => JSON.stringify(body).slice(0, 300),
  });
  return body as ProviderPage;
}

/** Providers as comparable text: a page is compared with another row by row. */
export const rowsText = (rows: readonly unknown[]): string[] => rows.map((r) => JSON.stringify(r));
