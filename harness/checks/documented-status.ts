import { noteDisagreement, statusDisagreement } from './disagreements.js';
import type { Check } from './scope.js';
import { requireResponse, violation } from './scope.js';

export interface DocumentedStatusExpectation {
  operationId: string;
  /** A status the contract allows on this answer beyond the loaded document's list (an edge failure, say). */
  alsoAllows?: (status: number) => boolean;
}

/**
 * The status is one the loaded documents give the operation (exactly, by a `4XX` range or a
 * `default`), or one the caller says the contract allows beyond them; a status only a recorded
 * disagreement allows (specs/disagreements.json) is a note. Body and media type are
 * expectSchemaValid's.
 */
export const expectDocumentedStatus: Check<DocumentedStatusExpectation> = (
  exchange,
  { operationId, alsoAllows },
  scope,
) => {
  const response = requireResponse(exchange, scope);
  if (!scope.contract) throw new Error('expectDocumentedStatus needs a contract in its scope');
  if (alsoAllows?.(response.status)) return;
  const request = { method: exchange.request.method, url: exchange.request.url };
  const result = scope.contract.validateResponse(operationId, response.status, undefined, undefined, request);
  if (result.kind !== 'undocumented-status') return;
  const expected = `a status documented for ${operationId} (${result.documented.join(', ')})`;
  const known = statusDisagreement(scope.disagreements ?? [], operationId, response.status);
  if (known) return noteDisagreement(scope, exchange, known, expected, `status ${response.status}`);
  throw violation(scope, exchange, 'undocumented status', expected, `status ${response.status}`);
};
