/**
 * Every create, update and session answer that succeeded shows what its request sent, whichever
 * check, setup step, property or retry sent it: a session its external_id (2.6), a direct
 * enrollment create its application data (ENR-CREATE-DATA-ROUND-TRIP), a PUT answer that shows
 * the application the change (ENR-UPDATE-ANSWER-SHOWN), the Medicare contact update the members
 * it names (4.17). Each judgement is the family's own, shared with its checks. The older ICHRA
 * interface is left out: no rule states what its answers show of a request (4.16: bodies not
 * shown). A request made wrong on purpose is its own check's matter.
 */
import type { BoundChecks } from '../../harness/checks/bound.js';
import type { Exchange } from '../../harness/model.js';
import { skipped, type Invariant, type Skipped } from '../../harness/suite/run-wide.js';
import { expectExternalIdEchoed } from '../enrollment-sessions/session-answer.js';
import { expectSentShown } from '../enrollments/observe.js';
import { UPDATE_SHOWN_MEMBERS } from '../enrollments/requests.js';
import { contactOf } from '../medicare/contact-request.js';
import { expectContactShowsSent } from '../medicare/contact-members.js';
import {
  answerOf,
  byOperation,
  isSkipped,
  jsonOf,
  MADE_WRONG,
  sentJsonOf,
  succeeded,
  type Answer,
  type Json,
} from './answer.js';
import { isObject } from '../../harness/is-object.js';

interface Echo {
  rule: string;
  /** Why a successful JSON answer to a JSON body shows nothing to judge, if it does not. */
  leftAlone?(res: Answer, sent: Json): Skipped | undefined;
  /** Holds a successful JSON answer to what its request's JSON body sent. */
  judge(expect: BoundChecks, ex: Exchange, sent: Json): void;
}

const shownContact = (res: Answer) => contactOf(res.json);

/** The operations whose successful answers show what was sent, by operationId in the loaded documents. */
const ECHOES: Readonly<Record<string, Echo>> = {
  createEnrollmentSession: {
    rule: 'SESSIONS-EXTERNAL-ID-ECHO',
    leftAlone: (_res, sent) => (sent.external_id === undefined ? skipped('with no external_id to echo') : undefined),
    judge: (expect, ex, sent) => expectExternalIdEchoed(expect, ex, sent.external_id),
  },
  createEnrollment: {
    rule: 'ENR-CREATE-DATA-ROUND-TRIP',
    judge: (expect, ex, sent) => expectSentShown(expect, ex, sent),
  },
  updateEnrollment: {
    rule: 'ENR-UPDATE-ANSWER-SHOWN',
    judge: (expect, ex, sent) => expectSentShown(expect, ex, sent, UPDATE_SHOWN_MEMBERS),
  },
  updateContact: {
    rule: 'MEDICARE-PARTIAL-UPDATE',
    // An answer without data.contact is MEDICARE-200's matter; a body without a contact changed nothing.
    leftAlone: (res, sent) =>
      !shownContact(res)
        ? skipped('with no data.contact in the answer')
        : !isObject(sent.contact)
          ? skipped('with no contact sent')
          : undefined,
    judge: (expect, ex, sent) => expectContactShowsSent(expect, ex, sent.contact, shownContact(ex.response!)!),
  },
};

export const ECHO_RULES = [...new Set(Object.values(ECHOES).map((e) => e.rule))];

export const answerEchoesRequest: Invariant = {
  needs: 'a successful create, update or session answer in the run',
  judge(entry, t) {
    const echo = byOperation(ECHOES, t.operationOf(entry));
    if (!echo) return [];
    const res = answerOf(entry);
    if (isSkipped(res)) return res;
    if (!succeeded(res)) return [];
    if (entry.exchange.wrong) return MADE_WRONG;
    const body = jsonOf(res);
    if (isSkipped(body)) return body;
    const sent = sentJsonOf(entry);
    if (isSkipped(sent)) return sent;
    const alone = echo.leftAlone?.(res, sent);
    if (alone) return alone;
    echo.judge(t.expect.rules(echo.rule), entry.exchange, sent);
    return [echo.rule];
  },
};
