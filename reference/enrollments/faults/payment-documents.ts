/**
 * Faults of direct enrollment: the payment redirect (4.14) and supporting documentation (4.15).
 */
import { faultsOf } from '../../core/declare-fault.js';
import { CORE_CHECKED } from '../../core/faults.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe } from '../../core/probe.js';
import { CTX, docJson, GIF, payment, PDF, planFull, planLimited, upload } from '../probe-steps.js';

const { flag } = faultsOf('enrollments');

export const PAYMENT_DOCUMENTS_FAULTS = {
  // Payment redirect (4.14)
  paymentNoMethod: flag(
    'enr-payment-no-method',
    'ENR-PAYMENT-200',
    'Payment redirect data has no method.',
    routeProbe(async (k) => (await payment(k, planFull)).body.method),
  ),
  paymentKeysNormalised: flag(
    'enr-payment-keys-normalised',
    'ENR-PAYMENT-FIELDS-VERBATIM',
    'Payment field names are lower-cased and their odd characters replaced.',
    routeProbe(async (k) => (await payment(k, planFull)).body.fields.map((f: { name: string }) => f.name).join('|')),
  ),
  paymentUnsupported200: flag(
    'enr-payment-unsupported-200',
    'ENR-PAYMENT-UNSUPPORTED-422',
    'Payment redirect answers 200 for a carrier without payment redirect.',
    routeProbe(async (k) => (await payment(k, planLimited)).status),
  ),
  paymentParamsOptional: flag(
    'enr-payment-params-optional',
    'ENR-PAYMENT-PARAMS-REQUIRED',
    'Payment redirect answers without product and exchange.',
    routeProbe(async (k) => (await payment(k, planFull, '')).status),
  ),
  // Supporting documentation (4.15)
  docsJsonRefused: flag(
    'enr-docs-json-refused',
    'ENR-DOCS-JSON',
    'The JSON upload form is refused with 415.',
    routeProbe((k) => upload(k, docJson(PDF))),
  ),
  docsMultipartRefused: flag(
    'enr-docs-multipart-refused',
    'ENR-DOCS-MULTIPART',
    'The multipart upload form is refused with 415.',
    routeProbe((k) =>
      upload(k, {
        fields: { context: JSON.stringify(CTX.context), document_type: 'sep' },
        files: { file: { filename: 'a', contentType: 'x', data: PDF } },
      }),
    ),
  ),
  docsStatusUnchanged: flag(
    'enr-docs-status-unchanged',
    'ENR-DOCS-STATUS-UPDATED',
    'An upload leaves document_status unchanged.',
    routeProbe((k) => upload(k, docJson(PDF))),
  ),
  docsTrustsDeclaredType: flag(
    'enr-docs-trusts-declared-type',
    'ENR-DOCS-FORMAT-REJECTED',
    'Bytes that are not PDF, JPEG or PNG are accepted.',
    routeProbe((k) => upload(k, docJson(GIF))),
  ),
  docsAnyDocumentType: flag(
    'enr-docs-any-document-type',
    'ENR-DOCS-TYPE-SEP-ONLY',
    'A document_type other than sep is accepted.',
    routeProbe((k) => upload(k, docJson(PDF, 'income'))),
  ),
  docsContentTypeIgnored: CORE_CHECKED.docsContentTypeIgnored,
} satisfies Record<string, Switch>;
