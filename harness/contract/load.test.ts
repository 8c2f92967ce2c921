import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, type ErrorCode } from '../errors.js';
import { contractFrom, loadContract } from './index.js';
import { readOf } from './load.js';

const OURS = 'specs/partner-api.yaml';
const ALT = 'test/fixtures/alt-partner-api.yaml';
const DEFECTIVE = 'test/fixtures/defective-partner-api.yaml';

async function configErrorCode(promise: Promise<unknown>): Promise<ErrorCode | 'resolved' | 'other'> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    return err instanceof ConfigError ? err.code : 'other';
  }
}

describe('loading our document and a provider-written one', () => {
  it('reads title, version, digest and every operation of specs/partner-api.yaml', async () => {
    const contract = await loadContract(OURS);
    expect(contract.openapi).toMatch(/^3\.1\./);
    expect(contract.version).toBe('0.1.0');
    expect(contract.digest).toBe(createHash('sha256').update(readFileSync(OURS, 'utf8')).digest('hex'));
    expect(contract.defects).toEqual([]);
    expect(contract.operations.map((op) => op.operationId)).toEqual(
      expect.arrayContaining([
        'ping',
        'listCounties',
        'createEnrollment',
        'getEnrollmentPaymentRedirect',
        'uploadEnrollmentSupportingDocumentation',
      ]),
    );
    expect(contract.operation('getEnrollment')).toMatchObject({
      method: 'GET',
      path: '/v1/enrollments/{enrollment_id}',
    });
  });

  it('validates the same bodies the same way under both documents', async () => {
    const [ours, alt] = await Promise.all([loadContract(OURS), loadContract(ALT)]);
    expect(alt.openapi).toBe('3.0.3');
    const provider = {
      first_name: 'Ada',
      last_name: 'Lane',
      organization_name: null,
      display_name: 'Ada Lane',
      credential: 'MD',
      entity_type: 'individual',
      npi: '1234567890',
      specialty: 'Family',
      specialization: 'Family',
      address_line_1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
    };
    const cases: [string, number, unknown][] = [
      ['ping', 200, { environment: 'sandbox', ok: true }],
      ['searchProviders', 200, { providers: [provider], meta: { page_number: 1, page_size: 50, result_count: 1 } }],
      ['ping', 403, { error: { code: 'forbidden', message: 'Forbidden' } }],
    ];
    for (const contract of [ours, alt]) {
      for (const [id, status, body] of cases) {
        expect(
          contract.validateResponse(id, status, 'application/json', body),
          `${contract.source} ${id} ${status}`,
        ).toEqual({ kind: 'valid' });
      }
      const wrongType = contract.validateResponse('ping', 200, 'application/json', {
        environment: 'sandbox',
        ok: 'yes',
      });
      expect(wrongType.kind, contract.source).toBe('invalid');
      const badNpi = {
        providers: [{ ...provider, npi: '12' }],
        meta: { page_number: 1, page_size: 50, result_count: 1 },
      };
      expect(contract.validateResponse('searchProviders', 200, 'application/json', badNpi).kind, contract.source).toBe(
        'invalid',
      );
    }
  });
});

describe('a defective document', () => {
  it('loads with exactly its dangling $ref and its invalid schema as defects', async () => {
    const contract = await loadContract(DEFECTIVE);
    expect(contract.defects).toHaveLength(2);
    expect(contract.defects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          operationId: 'listCounties',
          pointer: '#/paths/~1v1~1reference~1counties/get/responses/200/content/application~1json/schema',
          message: expect.stringContaining('CountyListThatDoesNotExist'),
        }),
        expect.objectContaining({
          operationId: 'listIssuers',
          pointer: expect.stringMatching(
            /^#\/paths\/~1v1~1reference~1issuers\/get\/responses\/200\/.*\/properties\/name\/type$/,
          ),
        }),
      ]),
    );
  });

  it('treats the responses the defects touch as unspecified', async () => {
    const contract = await loadContract(DEFECTIVE);
    expect(contract.validateResponse('listCounties', 200, 'application/json', { counties: [] }).kind).toBe(
      'unspecified',
    );
    expect(contract.validateResponse('listIssuers', 200, 'application/json', { issuers: 'anything' }).kind).toBe(
      'unspecified',
    );
  });

  it('still validates everything else, and still catches a wrong body', async () => {
    const contract = await loadContract(DEFECTIVE);
    expect(contract.validateResponse('ping', 200, 'application/json', { environment: 'x', ok: true })).toEqual({
      kind: 'valid',
    });
    expect(contract.validateResponse('ping', 200, 'application/json', { environment: 'x', ok: 'yes' })).toEqual({
      kind: 'invalid',
      errors: [{ path: '/ok', message: 'must be boolean' }],
    });
    // The same operations' error responses do not touch the defects.
    expect(
      contract.validateResponse('listCounties', 403, 'application/json', { error: { code: 'forbidden' } }).kind,
    ).toBe('invalid');
    expect(
      contract.validateResponse('listIssuers', 400, 'application/json', { error: { code: 'x', message: 'y' } }),
    ).toEqual({ kind: 'valid' });
    expect(contract.match('GET', '/v1/reference/counties')?.operationId).toBe('listCounties');
  });
});

describe('documents that stop the run', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'contract-load-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it.each([
    [
      'a YAML file that is not OpenAPI',
      'not-openapi.yaml',
      'name: a build file\nsteps: [one, two]\n',
      'E_SPEC_NOT_OPENAPI',
    ],
    [
      'a Swagger 2.0 document',
      'swagger.yaml',
      "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n",
      'E_SPEC_NOT_OPENAPI',
    ],
    [
      'an OpenAPI 3.0 document without paths',
      'no-paths.json',
      '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}}',
      'E_SPEC_NOT_OPENAPI',
    ],
    ['an empty file', 'empty.yaml', '\n', 'E_SPEC_NOT_OPENAPI'],
    ['a file that is not YAML', 'broken.yaml', 'openapi: [3.1.0\npaths: :::\n', 'E_SPEC_UNREADABLE'],
  ] as const)('%s is %s', async (_what, name, text, code) => {
    expect(await configErrorCode(loadContract(write(name, text)))).toBe(code);
  });

  it('a path that does not exist is E_SPEC_UNREADABLE', async () => {
    expect(await configErrorCode(loadContract(join(dir, 'missing.yaml')))).toBe('E_SPEC_UNREADABLE');
  });
});

describe('loading by URL', () => {
  let server: Server;
  let base: string;
  let requests = 0;
  beforeAll(async () => {
    const text = readFileSync(ALT, 'utf8');
    server = createServer((req, res) => {
      requests++;
      if (req.url === '/openapi.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end(text);
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('loads a document served over http, fetching it once', async () => {
    const before = requests;
    const contract = await loadContract(`${base}/openapi.yaml`);
    expect(contract.operation('ping')?.path).toBe('/v1/ping');
    expect(contract.source).toBe(`${base}/openapi.yaml`);
    expect(requests - before).toBe(1);
  });

  it('an http error is E_SPEC_UNREADABLE', async () => {
    expect(await configErrorCode(loadContract(`${base}/nothing.yaml`))).toBe('E_SPEC_UNREADABLE');
  });
});

describe('defects in other places', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'contract-defects-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'a dangling response $ref makes that status unspecified, and a dangling parameter $ref ' + 'drops the parameter',
    async () => {
      const path = join(dir, 'doc.json');
      writeFileSync(
        path,
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 't', version: '1' },
          paths: {
            '/a/{id}': {
              get: {
                operationId: 'getA',
                parameters: [
                  { $ref: '#/components/parameters/Gone' },
                  { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
                ],
                responses: {
                  '200': {
                    description: 'ok',
                    content: { 'application/json': { schema: { type: 'object', required: ['a'] } } },
                  },
                  '404': { $ref: '#/components/responses/Gone' },
                },
              },
            },
          },
          components: { schemas: { Odd: { type: 'object', required: 'a' } } },
        }),
      );
      const contract = await loadContract(path);
      expect(contract.defects.map((d) => d.pointer).sort()).toEqual([
        '#/components/schemas/Odd/required',
        '#/paths/~1a~1{id}/get/parameters/0',
        '#/paths/~1a~1{id}/get/responses/404',
      ]);
      expect(contract.validateResponse('getA', 404, 'application/json', {}).kind).toBe('unspecified');
      expect(contract.validateResponse('getA', 200, 'application/json', {}).kind).toBe('invalid');
      expect(contract.parameterSchemas('getA').map((p) => p.name)).toEqual(['id']);
    },
  );
});

describe('contractFrom', () => {
  it('compiles what the engine read, after a structured clone (a worker hand-off), as loadContract does', async () => {
    for (const source of [OURS, DEFECTIVE]) {
      const loaded = await loadContract(source);
      const handed = contractFrom(structuredClone(readOf(loaded)));
      expect(handed.digest).toBe(loaded.digest);
      expect(handed.defects).toEqual(loaded.defects);
      expect(handed.operations.map((op) => op.operationId)).toEqual(loaded.operations.map((op) => op.operationId));
      const id = loaded.operations[0]!.operationId;
      const body = { unexpected: true };
      expect(handed.validateResponse(id, 200, 'application/json', body)).toEqual(
        loaded.validateResponse(id, 200, 'application/json', body),
      );
    }
  });
});
