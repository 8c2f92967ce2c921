/**
 * One response validator over several loaded documents (the `--spec` one and its companions):
 * the document that has the operationId validates; failing that, the one whose routes match
 * the request's method and URL, so an id a document does not use still finds its schema.
 */
import type { Contract, Operation, RequestLine, ValidationOutcome } from './types.js';

type Validator = Contract['validateResponse'];
type Routable = Pick<Contract, 'operation' | 'match' | 'validateResponse'>;

export function routedValidator(primary: Routable, others: readonly Routable[] = []): Validator {
  const all = [primary, ...others];
  return (operationId, status, contentType, body, request?: RequestLine): ValidationOutcome => {
    const byId = all.find((c) => c.operation(operationId) !== undefined);
    const byRoute = request ? all.find((c) => c.match(request.method, request.url) !== undefined) : undefined;
    return (byId ?? byRoute ?? primary).validateResponse(operationId, status, contentType, body, request);
  };
}

/** The operation a request matches by method and URL in the first document that has one; undefined when none does. */
export function routedOperation(
  primary: Pick<Contract, 'match'>,
  others: readonly Pick<Contract, 'match'>[] = [],
): (request: RequestLine) => string | undefined {
  return (request) => {
    for (const c of [primary, ...others]) {
      const op = c.match(request.method, request.url);
      if (op) return op.operationId;
    }
    return undefined;
  };
}

/**
 * An operation as the loaded documents give it: by operationId in the first document that has it, else the one on
 * `route` (`METHOD /path/{template}`) in a document without operationIds; undefined when no document gives it.
 */
export function routedDocument(
  primary: Pick<Contract, 'operation' | 'operations'>,
  others: readonly Pick<Contract, 'operation' | 'operations'>[] = [],
): (operationId: string, route: string) => Operation | undefined {
  const all = [primary, ...others];
  return (operationId, route) =>
    all.map((c) => c.operation(operationId)).find((op) => op !== undefined) ??
    all.flatMap((c) => c.operations).find((op) => `${op.method} ${op.path}` === route);
}
