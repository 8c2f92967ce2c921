/**
 * A defect of the loaded document itself: the parts it touches go unchecked, which the report
 * must say; it is the document's, not the target's, so it is a warning that never fails a run.
 */
import type { Contract } from '../harness/contract/index.js';
import type { Finding } from '../harness/model.js';

export function defectFindings(contract: Contract): Finding[] {
  const document =
    `${contract.title || 'the loaded document'}${contract.version ? ` v${contract.version}` : ''} ` +
    `(${contract.source})`;
  return contract.defects.map((defect) => ({
    check: `defect of the document${defect.operationId ? ` in ${defect.operationId}` : ''} at ${defect.pointer}`,
    family: 'contract',
    rules: [],
    verdict: 'warning',
    warningReason: 'the loaded document is defective here, not the target: a run never fails on its document',
    expected: 'a valid OpenAPI document part',
    observed: defect.message,
    message: `a defect of ${document}, not of the target: ${defect.message}; the parts it touches are not checked`,
    exchanges: [],
    subject: 'document',
  }));
}
