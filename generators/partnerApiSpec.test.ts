import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requestErrors } from './_fixtures/ajvCheck.js';
import { boundaryRequests, invalidVariants, validRequest } from './index.js';
import type { Operation } from './types.js';

const SPEC = fileURLToPath(new URL('../specs/partner-api.yaml', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const KNOWN = { state: ['GA'], zip_code: ['30301'], plan_year: [2025] };

async function loadOperations(): Promise<Operation[]> {
  const doc = (await SwaggerParser.dereference(SPEC)) as { paths: Record<string, Record<string, any>> };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const own = item[method].parameters ?? [];
      const shared = (item.parameters ?? []).filter(
        (p: any) => !own.some((o: any) => o.name === p.name && o.in === p.in),
      );
      ops.push({ ...item[method], method: method.toUpperCase(), path, parameters: [...shared, ...own] });
    }
  }
  return ops;
}

describe.skipIf(!existsSync(SPEC))('generators on specs/partner-api.yaml', async () => {
  const ops = existsSync(SPEC) ? await loadOperations() : [];
  const op = (id: string) => ops.find((o) => o.operationId === id)!;

  it('has the operations of the contract', () => {
    expect(ops.length).toBeGreaterThanOrEqual(17);
  });

  it('generates valid requests (parameters and JSON body) for every operation', () => {
    for (const o of ops) {
      for (const r of fc.sample(validRequest(o, { known: KNOWN }), { seed: 1, numRuns: 30 })) {
        expect(requestErrors(o, r), `${o.operationId} ${JSON.stringify(r)}`).toEqual([]);
      }
      for (const r of boundaryRequests(o, { known: KNOWN })) expect(requestErrors(o, r), o.operationId).toEqual([]);
    }
  });

  it('every invalid variant of every operation is rejected by the schema for its constraint', () => {
    for (const o of ops) {
      for (const v of invalidVariants(o, { known: KNOWN })) {
        expect(
          requestErrors(o, v.request).map((e) => e.keyword),
          v.description,
        ).toContain(v.breaks.constraint);
      }
    }
  });

  it('listIssuers: state required and uppercase, plan_year an integer from 2020 to 2099', () => {
    const variants = invalidVariants(op('listIssuers'), { known: KNOWN });
    expect(variants.map((v) => `${v.breaks.name}:${v.breaks.constraint}`)).toEqual([
      'state:required',
      'state:pattern',
      'plan_year:type',
      'plan_year:minimum',
      'plan_year:maximum',
    ]);
  });

  it('searchProviders: required query, zip and exchange; page parameters clamped, so no range variants', () => {
    const variants = invalidVariants(op('searchProviders'), { known: KNOWN });
    expect(variants.map((v) => `${v.breaks.name}:${v.breaks.constraint}`)).toEqual([
      'query:required',
      'query:minLength',
      'zip_code:required',
      'zip_code:pattern',
      'exchange:required',
      'exchange:enum',
      'page[number]:type',
      'page[size]:type',
    ]);
  });
});
