/**
 * Rules as oracles (DESIGN, "A rule is an oracle; a check is traffic"): each rule below can be
 * read from one exchange (or from the exchanges sent before it), so it is judged on every
 * exchange of the run it applies to, whichever check, setup step, property, retry or the
 * preflight sent it, at no extra request. A check's own claim on the same rule stays for what
 * needs a crafted request.
 */
import { verifyRunWide } from '../../harness/suite/run-wide.js';
import { documentedStatus } from './documented-status.js';
import { answerEchoesRequest, ECHO_RULES } from './echo.js';
import { errorsCarryStatedCodes, errorsNameWrongMembers } from './errors.js';
import { readsNotStale } from './caching.js';
import { jsonIsUtf8, replayOnlyOnReplay, requestIds } from './headers.js';
import { LIST_FILTER_RULES, listHonoursFilters } from './list-filters.js';
import { ISSUER_ORDER_RULES, issuersInOrder } from './orders.js';

verifyRunWide(
  'every successful create, update and session answer of the run shows what its request sent',
  ECHO_RULES,
  answerEchoesRequest,
);

verifyRunWide(
  'every list answer of the run honours every filter its request carries',
  LIST_FILTER_RULES,
  listHonoursFilters,
);

verifyRunWide('every issuers answer of the run lists them by name, ties by id', ISSUER_ORDER_RULES, issuersInOrder);

verifyRunWide(
  'every session answer of the run carries an X-Request-Id, and no two requests share one',
  ['SESSIONS-REQUEST-ID', 'HEADERS-REQUEST-ID-DISTINCT'],
  requestIds,
);

verifyRunWide('every JSON answer of the run is UTF-8, as its content type says', ['SCHEMA-JSON-UTF8'], jsonIsUtf8);

verifyRunWide(
  'no answer of the run carries Idempotent-Replay but a replay',
  ['IDEMP-FIRST-NO-REPLAY-HEADER'],
  replayOnlyOnReplay,
);

verifyRunWide(
  'no application read or list of the run lets a cache answer a later poll with it',
  ['ENR-READ-NO-STALE-CACHE'],
  readsNotStale,
);

verifyRunWide(
  'every error of the run to a request made wrong on purpose names only what was wrong',
  ['ENVELOPE-FIELD-NAMES-WRONG'],
  errorsNameWrongMembers,
);

verifyRunWide(
  'every error of the run carries the code the contract states for it',
  ['ENVELOPE-STATED-CODE'],
  errorsCarryStatedCodes,
);

verifyRunWide(
  "every answer's status of the run is one its operation documents",
  ['SCHEMA-DOCUMENTED-STATUS'],
  documentedStatus,
);
