/**
 * The documents a run's exchanges are judged and named by: the `--spec` document and its
 * companions (the older ICHRA and Medicare documents), each loaded once per process; and the
 * operation of a request among them (`GET /v1/ping`). The worker names the checks' exchanges
 * with them, the engine the preflight's and the fixture reads'.
 */
import { contractFrom, loadContract } from './contract/index.js';
import type { Contract, ReadContract } from './contract/types.js';

/** Documents beside the `/v1` one; checks of their operations validate against them. */
const COMPANION_SPECS = ['legacy-ichra.yaml', 'medicare.yaml'].map(
  (f) => new URL(`../specs/${f}`, import.meta.url).pathname,
);

const contracts = new Map<string, Promise<Contract>>();

/**
 * A document loaded once per process (a worker, the engine), whichever run asks for it; compiled from what the engine
 * read (`read`) when it handed the document on, else read here.
 */
export function contractOf(source: string, read?: ReadContract): Promise<Contract> {
  const key = read ? `${source}#${read.digest}` : source;
  let loading = contracts.get(key);
  if (!loading) {
    loading = read ? Promise.resolve().then(() => contractFrom(read)) : loadContract(source);
    contracts.set(key, loading);
    // A failed load is not cached: the next run may point at a fixed document.
    loading.catch(() => contracts.delete(key));
  }
  return loading;
}

/** The `--spec` document (as the engine read it, when given) and its companions. */
export async function runDocuments(specSource: string, read?: ReadContract): Promise<Contract[]> {
  return [await contractOf(specSource, read), ...(await companions())];
}

/** Companion documents are optional: one that does not load leaves its operations unspecified. */
export async function companions(): Promise<Contract[]> {
  const loaded = await Promise.all(COMPANION_SPECS.map((s) => contractOf(s).catch(() => undefined)));
  return loaded.filter((c): c is Contract => c !== undefined);
}

/**
 * `GET /v1/enrollments/{enrollment_id}`: the request path with the operation's template in its place (a base path
 * kept).
 */
function operationKey(method: string, path: string, template: string): string {
  const sent = path.split('/').filter(Boolean);
  const own = template.split('/').filter(Boolean);
  const prefix = own.length <= sent.length ? sent.slice(0, sent.length - own.length) : [];
  return `${method.toUpperCase()} /${[...prefix, ...own].join('/')}`;
}

/** The operation of a request among the loaded documents, by method and path; undefined for an unknown route. */
export function operationOfRequest(
  contracts: readonly Pick<Contract, 'match'>[],
): (method: string, path: string) => string | undefined {
  return (method, path) => {
    for (const contract of contracts) {
      const op = contract.match(method, path);
      if (op) return operationKey(method, path, op.path);
    }
    return undefined;
  };
}
