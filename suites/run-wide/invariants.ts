/**
 * The invariants every exchange of a run must keep, whichever check sent it (section 7's
 * envelopes, section 4's JSON successes, no key in any answer, each answer valid for its
 * operation): judged over the run's journal by invariants.conformance.ts, which runs last.
 */
import type { Invariant } from '../../harness/suite/run-wide.js';
import { answerOf, CUT, isSkipped, NO_ANSWER, succeeded } from './answer.js';
import { isObject } from '../../harness/is-object.js';

/** Direct enrollment's own endpoints, whose service failures section 7 gives the `errors[]` shape. */
const DIRECT_ENROLLMENT = /^\/v1\/enrollments(?:[/?]|$)/;

/**
 * Section 7: an error of the /v1 API is the unified envelope, or on a direct-enrollment
 * endpoint the `errors[]` one (a body with `errors` is held to that shape); a 429 names
 * RATE-429-ENVELOPE. The older ICHRA and Medicare interfaces show no error body.
 */
export const errorEnvelope: Invariant = {
  needs: 'an error answer of the /v1 API in the run',
  judge(entry, t) {
    const res = entry.exchange.response;
    if (!res) return NO_ANSWER;
    if (res.status < 400 || entry.api !== 'v1') return [];
    if (entry.exchange.truncated) return CUT;
    if (DIRECT_ENROLLMENT.test(t.path(entry)) && isObject(res.json) && 'errors' in res.json) {
      t.expect.rules('ENVELOPE-ERRORS-SHAPE').errorsEnvelope(entry.exchange);
      return ['ENVELOPE-ERRORS-SHAPE'];
    }
    const rule = res.status === 429 ? 'RATE-429-ENVELOPE' : 'ENVELOPE-UNIFIED-SHAPE';
    t.expect.rules(rule).unifiedEnvelope(entry.exchange);
    return [rule];
  },
};

/** Section 4: "Successful responses are JSON": every 2xx of every interface says so in its content type. */
export const successJson: Invariant = {
  needs: 'a successful answer in the run',
  judge(entry, t) {
    const res = entry.exchange.response;
    if (!res) return NO_ANSWER;
    if (!succeeded(res)) return [];
    t.expect.header(entry.exchange, { name: 'content-type', value: /^application\/json\b/i });
    return ['SCHEMA-SUCCESS-JSON'];
  },
};

/**
 * 5.6 (inferred): no answer carries a key of the profile, in a header or the body, whichever
 * key role sent the request. The recorder redacts every key of the profile wherever it appears,
 * so an echoed key reads as the redaction marker. A body cut at the size bound is judged by its
 * headers only: the cut may end in what looks like a key's first characters.
 */
export const keyNotEchoed: Invariant = {
  needs: 'an answer in the run',
  judge(entry, t) {
    const res = entry.exchange.response;
    if (!res) return NO_ANSWER;
    const judged = entry.exchange.truncated ? { ...entry.exchange, response: { ...res, body: '' } } : entry.exchange;
    t.expect.keyNotEchoed(judged);
    return ['AUTH-KEY-NOT-ECHOED'];
  },
};

/**
 * 9.1: every answer to an operation of the loaded documents matches its schema for the status.
 * Answers to no operation (unknown routes), statuses the operation does not document
 * (SCHEMA-DOCUMENTED-STATUS's to judge) and parts the documents leave open are not judged.
 */
export const responseValid: Invariant = {
  needs: 'an answer to an operation the loaded documents give a schema for',
  judge(entry, t) {
    const res = answerOf(entry);
    const operationId = t.operationOf(entry);
    if (operationId === undefined) return [];
    if (isSkipped(res)) return res;
    const { method, url } = entry.exchange.request;
    const outcome = t.validateResponse(operationId, res.status, res.headers['content-type'], res.json ?? res.body, {
      method,
      url,
    });
    if (outcome.kind !== 'valid' && outcome.kind !== 'invalid') return [];
    t.expect.schemaValid(entry.exchange, operationId);
    return ['SCHEMA-RESPONSE-VALID'];
  },
};
