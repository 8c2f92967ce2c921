import type { Check } from './scope.js';
import { headerOf, jsonOf, quote, requireResponse, violation } from './scope.js';

/** How many schema errors a finding quotes; the first few locate the defect. */
const ERRORS_QUOTED = 5;

/**
 * The response body matches the loaded contract's schema for the operation and status.
 * A part of the document the loader marked unspecified passes: nothing to hold it to.
 */
export const expectSchemaValid: Check<string> = (exchange, operationId, scope) => {
  const response = requireResponse('schemaValid', exchange, scope);
  if (!scope.contract) throw new Error('expectSchemaValid needs a contract in its scope');
  const contentType = headerOf(response.headers, 'content-type');
  const body = jsonOf(response) ?? response.body;
  const result = scope.contract.validateResponse(operationId, response.status, contentType, body);
  switch (result.kind) {
    case 'valid':
    case 'unspecified':
      return;
    case 'undocumented-status':
      throw violation(
        'schemaValid',
        scope,
        exchange,
        'undocumented status',
        `a status documented for ${operationId} (${result.documented.join(', ')})`,
        `status ${response.status}`,
      );
    case 'invalid': {
      const errors = result.errors.slice(0, ERRORS_QUOTED).map((e) => `${e.path || '/'} ${e.message}`);
      const more = result.errors.length > ERRORS_QUOTED ? `; and ${result.errors.length - ERRORS_QUOTED} more` : '';
      throw violation(
        'schemaValid',
        scope,
        exchange,
        'response does not match the schema',
        `a ${response.status} body valid for ${operationId}`,
        quote(errors.join('; ') + more),
      );
    }
  }
};
