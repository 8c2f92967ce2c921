/**
 * History checks (DESIGN, "Finding faults nobody named"): rules that compare exchanges of the
 * run with one another, judged over the run's journal after every other suite file
 * (harness/suite/run-history.ts), at no extra request. The model of the state machine remembers
 * every application the run created, under which key, and every state it saw
 * (suites/enrollments/history/); a replay is held to its original wherever the two were sent.
 * A fault that shows only on a state-model run, a property's request or another check's setup
 * step is found here.
 */
import { verifyRunHistory } from '../../harness/suite/run-history.js';
import {
  accountBoundary,
  capabilitiesStay,
  nextActionsOffered,
  rowsAgree,
  statusMoves,
} from '../enrollments/history/oracles.js';
import { replays } from './replays.js';

verifyRunHistory(
  'no application of the run leaves a status except by a change section 3 describes ' +
    "(a submission's, cancellation's or termination's outcome, effectuation)",
  ['ENR-OUTCOME-STAYS'],
  statusMoves,
);

verifyRunHistory(
  'every list row of the run agrees with the latest answer of its application ' +
    '(external_id, plan, year, creation, updated_at, policy_status), once asyncTimeoutMs has passed',
  ['ENR-LIST-ROW-MATCHES-READ'],
  rowsAgree,
);

verifyRunHistory(
  'next_actions of every answer of the run offer only what the state it shows allows, each on a /v1/enrollments route',
  ['ENR-NEXT-ACTIONS-AVAILABLE', 'ENR-CREATE-NEXT-ACTIONS-HREF'],
  nextActionsOffered,
);

verifyRunHistory(
  "every answer of the run that shows an application states its carrier's capabilities as the first did",
  ['ENR-CARRIER-CAPABILITIES-STAY'],
  capabilitiesStay,
);

verifyRunHistory(
  'every replay of the run (the same key, Idempotency-Key and body after the first answer) repeats its original ' +
    'verbatim with Idempotent-Replay: true',
  ['IDEMP-REPLAY-STATUS', 'IDEMP-REPLAY-BODY-VERBATIM', 'IDEMP-REPLAY-HEADER'],
  replays,
);

verifyRunHistory(
  'no answer of the run to another account shows an application this account created, and every operation on one ' +
    'is refused as for an unknown id',
  ['ENR-LIST-OWN-ACCOUNT', 'ENR-OTHER-ACCOUNT-NOT-SHOWN', 'ENR-OTHER-ACCOUNT-REFUSED'],
  accountBoundary,
);
