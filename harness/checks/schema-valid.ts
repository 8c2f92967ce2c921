import type { ValidationError } from '../contract/types.js';
import { noteDisagreement, shapeDisagreement } from './disagreements.js';
import { expectDocumentedStatus } from './documented-status.js';
import type { Check } from './scope.js';
import { headerOf, jsonOf, quote, requireResponse, violation } from './scope.js';

/** How many schema errors a finding quotes; the first few locate the defect. */
const ERRORS_QUOTED = 5;

const listed = (errors: readonly ValidationError[]): string => {
  const shown = errors.slice(0, ERRORS_QUOTED).map((e) => `${e.path || '/'} ${e.message}`);
  const more = errors.length > ERRORS_QUOTED ? `; and ${errors.length - ERRORS_QUOTED} more` : '';
  return shown.join('; ') + more;
};

/**
 * The response body matches the loaded contract's schema for the operation and status.
 * Where the loaded documents give nothing to hold it to (no such operation, no schema, a
 * defective part), the rule is not judged: the scope is told what was missing, and a check
 * that never judged it reports it skipped with that need, never passed. Errors
 * located where the prose and the document disagree (specs/disagreements.json) are notes, not
 * violations; every other error still fails.
 */
export const expectSchemaValid: Check<string> = (exchange, operationId, scope) => {
  const response = requireResponse(exchange, scope);
  if (!scope.contract) throw new Error('expectSchemaValid needs a contract in its scope');
  const contentType = headerOf(response.headers, 'content-type');
  const body = jsonOf(response) ?? response.body;
  const request = { method: exchange.request.method, url: exchange.request.url };
  const result = scope.contract.validateResponse(operationId, response.status, contentType, body, request);
  const table = scope.disagreements ?? [];
  if (result.kind === 'unspecified') {
    scope.unjudged?.(exchange, scope.rules, `a schema for ${operationId} ${response.status} in the loaded document`);
    return;
  }
  switch (result.kind) {
    case 'valid':
      return;
    case 'undocumented-status':
      return expectDocumentedStatus(exchange, { operationId }, scope);
    case 'invalid': {
      const expected = `a ${response.status} body valid for ${operationId}`;
      const covered = result.errors.map((e) => ({
        error: e,
        by: shapeDisagreement(table, operationId, response.status, e),
      }));
      const rest = covered.filter((c) => c.by === undefined).map((c) => c.error);
      if (rest.length > 0)
        throw violation(scope, exchange, 'response does not match the schema', expected, quote(listed(rest)));
      for (const d of new Set(covered.map((c) => c.by!))) {
        noteDisagreement(
          scope,
          exchange,
          d,
          expected,
          quote(listed(covered.filter((c) => c.by === d).map((c) => c.error))),
        );
      }
    }
  }
};
