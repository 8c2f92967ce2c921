/**
 * The reference server: an in-memory implementation of the Partner API contract, the default
 * target of the suite and a sandbox for partners.
 *
 * Built on node:http rather than a framework: the contract's edge behaviour (403 before 429
 * before 413/415/400, 413 decided on raw byte counts, hostile bytes that must never crash it,
 * Node's own parse errors answered in the unified envelope) needs full control of how a
 * request is read and answered, the hot path must stay cheap (thousands of requests a second
 * on one core), and the routing it needs is ~100 lines (reference/core/router.ts) — not worth
 * a dependency.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { keyEnv } from './core/accounts.js';
import { createInstance, type InstanceOptions } from './core/instance.js';
import { allFaults, allVariants } from './faults/index.js';
import { OPERATION_COLUMNS, OPERATION_ROWS } from './faults/operations/index.js';
import type { MatrixCell, VariantDocument } from './core/switch.js';

export interface ReferenceServerOptions extends InstanceOptions {
  /** TCP port (default 0: any free port). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Called once per request received, parsed or not (request counting for benchmarks). */
  onRequest?: () => void;
}

export interface ReferenceServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
  /** Names of the faults switched on (zero or one). */
  faults: string[];
  /** Names of the variants switched on. */
  variants: string[];
}

/**
 * Start the reference server; throws ConfigError E_FAULT_UNKNOWN (E_VARIANT_UNKNOWN) for an unknown fault (variant)
 * name.
 */
export async function startReferenceServer(opts: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const instance = createInstance(opts);
  const counted = opts.onRequest ?? (() => {});
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    counted();
    instance.handle(req, res);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // A request Node could not parse was still sent; a reset idle socket was not a request.
    if (err.code?.startsWith('HPE_')) counted();
    instance.clientError(err, socket);
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    faults: instance.faults,
    variants: instance.variants,
    close: () =>
      new Promise<void>((resolve) => {
        instance.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Environment variable names of specs/profiles/reference.json → sandbox key values. */
export function referenceKeyEnv(): Record<string, string> {
  return keyEnv();
}

/** Every fault the server knows, for `serve --list-faults` and the mutation campaign. */
export function listFaults(): Array<{
  name: string;
  rules: string[];
  family: string;
  summary: string;
  /** Generated per operation: the route it breaks its rule on, and the column of the operations matrix. */
  cell?: MatrixCell;
}> {
  return allFaults.map(({ name, rule, family, summary, cell }) => ({
    name,
    rules: [rule],
    family,
    summary,
    ...(cell ? { cell } : {}),
  }));
}

/**
 * The operations matrix the faults per operation fill: its columns (a rule every operation owes),
 * and for every route the fault of each column or the reason it has none.
 */
export function operationMatrix() {
  return {
    columns: OPERATION_COLUMNS.map((c) => ({ ...c })),
    rows: OPERATION_ROWS.map(({ route, family, cells }) => ({
      route,
      family,
      cells: cells.map((c) => ('fault' in c ? { column: c.column, rule: c.rule, fault: c.fault.name } : { ...c })),
    })),
  };
}

/** Every variant the server knows: a valid choice where the contract is open, and the documents it holds under. */
export function listVariants(): Array<{
  name: string;
  permits: string;
  family: string;
  summary: string;
  documents: VariantDocument[];
}> {
  return allVariants.map(({ name, permits, family, summary, documents }) => ({
    name,
    permits,
    family,
    summary,
    documents: [...documents],
  }));
}
