/**
 * Replays the request examples of the provider's document (specs/provider/openapi.json) for
 * listCounties, listIssuers, searchProviders and createQuote against the sandbox: each answer
 * is 2xx and conforms to the document's schema for that operation and status.
 *
 * A request example is a parameter's `example` or an operation's request-body example. Where a
 * required parameter has none (listCounties' zip_code) or names a place, every place the
 * document's examples name anywhere (its zip_code, fips_code and state values) is asked too, so
 * the sandbox answers for the real places the document shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerDocument } from '../core/provider-document.js';
import { schemaProblems } from '../core/request-schemas.js';
import { client, type Call } from '../probe/client.js';
import { steppingClock } from '../probe/fixtures.js';
import { startReferenceServer, type ReferenceServer } from '../server.js';

type Json = Record<string, any>;
interface Operation {
  id: string;
  method: string;
  path: string;
  op: Json;
}

const doc = providerDocument();
const operations = new Map<string, Operation>(
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => [
      op.operationId as string,
      { id: op.operationId, method: method.toUpperCase(), path, op },
    ]),
  ),
);

/** Every object in the document's examples that names a place: `{zip_code?, fips_code?, state?}`. */
function documentedPlaces(): Array<{ zip_code?: string; fips_code?: string; state?: string }> {
  const places: Array<Record<string, string>> = [];
  const walk = (v: unknown, inExample: boolean): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, inExample);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const o = v as Json;
    const place = Object.fromEntries(
      ['zip_code', 'fips_code', 'state'].filter((k) => typeof o[k] === 'string').map((k) => [k, o[k] as string]),
    );
    if (inExample && Object.keys(place).length > 0) places.push(place);
    for (const [k, x] of Object.entries(o)) walk(x, inExample || k === 'example' || k === 'examples');
  };
  walk(doc, false);
  return places;
}

const places = documentedPlaces();
const unique = (values: Array<string | undefined>) =>
  [...new Set(values.filter((v): v is string => v !== undefined))].sort();
const zips = unique(places.map((p) => p.zip_code));
const states = unique(places.map((p) => p.state));

/** Query of a GET operation from its parameter examples, with `over` replacing or adding values. */
function exampleQuery(o: Operation, over: Record<string, string> = {}): string {
  const values: Record<string, string> = {};
  for (const p of (o.op.parameters ?? []) as Json[]) {
    const example = p.example ?? p.schema?.example;
    if (p.in === 'query' && example !== undefined) values[p.name] = String(example);
  }
  return new URLSearchParams({ ...values, ...over }).toString();
}

/** The document's schema name for an operation's answer with this status. */
function responseSchema(o: Operation, status: number): string {
  let response = o.op.responses[String(status)] as Json;
  if (response.$ref) response = doc.components.responses[String(response.$ref).split('/').pop()!];
  return String(response.content['application/json'].schema.$ref).split('/').pop()!;
}

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock('2026-03-01T12:00:00Z') });
  call = client(server.url);
});
afterAll(() => server.close());

async function replay(id: string, query?: string, json?: unknown): Promise<Json> {
  const o = operations.get(id)!;
  const res = await call(
    o.method,
    query === undefined ? o.path : `${o.path}?${query}`,
    json === undefined ? { role: 'reader' } : { role: 'reader', json },
  );
  expect(res.status, `${id} ${query ?? ''}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${id} ${query ?? ''}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
  expect(schemaProblems(responseSchema(o, res.status), res.body), `${id} ${query ?? ''}`).toEqual([]);
  return res.body as Json;
}

describe("the provider document's request examples, replayed", () => {
  it('finds the places the examples name (ZIP codes and states)', () => {
    expect(zips).toEqual(expect.arrayContaining(['30301', '85001']));
    expect(states.length).toBeGreaterThanOrEqual(3);
  });

  it.each(zips)('listCounties zip_code=%s', async (zip) => {
    const body = await replay('listCounties', exampleQuery(operations.get('listCounties')!, { zip_code: zip }));
    expect(body.counties.length).toBeGreaterThan(0);
    // Where an example pairs this ZIP code with a county, the counties endpoint lists that county.
    for (const p of places.filter((x) => x.zip_code === zip && x.fips_code))
      expect(body.counties.map((c: Json) => c.fips_code)).toContain(p.fips_code);
  });

  it('listIssuers with its parameter examples', async () => {
    expect((await replay('listIssuers', exampleQuery(operations.get('listIssuers')!))).issuers.length).toBeGreaterThan(
      0,
    );
  });

  it.each(states)('listIssuers state=%s', async (state) => {
    expect(
      (await replay('listIssuers', exampleQuery(operations.get('listIssuers')!, { state }))).issuers.length,
    ).toBeGreaterThan(0);
  });

  it('searchProviders with its parameter examples finds providers', async () => {
    const body = await replay('searchProviders', exampleQuery(operations.get('searchProviders')!));
    expect(body.providers.length).toBeGreaterThan(0);
    expect(body.meta.result_count).toBe(body.providers.length);
  });

  it.each(zips)('searchProviders near zip_code=%s finds providers', async (zip) => {
    expect(
      (await replay('searchProviders', exampleQuery(operations.get('searchProviders')!, { zip_code: zip }))).providers
        .length,
    ).toBeGreaterThan(0);
  });

  it('createQuote with its request example answers plans', async () => {
    const example = operations.get('createQuote')!.op.requestBody.content['application/json'].example;
    expect((await replay('createQuote', undefined, example)).plans.length).toBeGreaterThan(0);
  });

  it.each(places.filter((p) => p.zip_code && p.fips_code).map((p) => [p.zip_code!, p] as const))(
    'createQuote located at the example place %s',
    async (_zip, place) => {
      const example = operations.get('createQuote')!.op.requestBody.content['application/json'].example as Json;
      expect((await replay('createQuote', undefined, { ...example, location: place })).plans.length).toBeGreaterThan(0);
    },
  );
});
