/**
 * Run-wide checks (DESIGN, "Finding faults nobody named"): each rule below holds for every
 * exchange of the run, the checks' own, their setup steps and retries, the preflight's, so each
 * is judged over the run's journal after every other suite file (engine/suite-order.ts), at no
 * extra request. A fault an exchange shows that no check of its own looks at is found here.
 */
import { verifyRunWide } from '../../harness/suite/run-wide.js';
import { errorEnvelope, keyNotEchoed, responseValid, successJson } from './invariants.js';

verifyRunWide(
  'every error answer of the run is in its stated envelope',
  ['ENVELOPE-UNIFIED-SHAPE', 'ENVELOPE-ERRORS-SHAPE', 'RATE-429-ENVELOPE'],
  errorEnvelope,
);

verifyRunWide('every successful answer of the run is JSON', ['SCHEMA-SUCCESS-JSON'], successJson);

verifyRunWide('no answer of the run carries a key of the profile', ['AUTH-KEY-NOT-ECHOED'], keyNotEchoed);

verifyRunWide('every answer of the run is valid for its operation', ['SCHEMA-RESPONSE-VALID'], responseValid);
