/**
 * Faults of direct enrollment: answers no check of the family judges by the rule they break: the
 * run-wide checks find them.
 */
import { bodyOf, faultsOf, is } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe, serverProbe, UNCHECKED } from '../../core/probe.js';
import { act, BASE, planFull, read, submitted } from '../probe-steps.js';
import { errorsOf } from '../fault-rewrites.js';

const { rewrite } = faultsOf('enrollments');

export const RUN_WIDE_FAULTS = {
  // Each breaks its rule only on an answer no check of its own judges by that rule: the run-wide checks find it.
  readUnknownErrorsObject: rewrite(
    'enr-read-404-errors-object',
    'ENVELOPE-ERRORS-SHAPE',
    'Reading an unknown application answers 404 with `errors` as one object instead of a list; other 404s keep the ' +
      'list.',
    routeProbe(async (k) => Array.isArray((await read(k, 'enr_nope')).body.errors)),
    (req, res) => {
      const first = errorsOf(res)?.[0];
      return is(req, 'GET', /^\/v1\/enrollments\/[^/]+$/) && res.status === 404 && first
        ? { ...res, body: { errors: first } }
        : res;
    },
  ),
  listLaterPageEchoesKey: rewrite(
    'enr-list-later-page-echoes-key',
    'AUTH-KEY-NOT-ECHOED',
    "Enrollment list answers past the first page (offset above 0) carry the caller's key in an X-Debug-Api-Key header.",
    serverProbe(({ call }) =>
      call('GET', `${BASE}&limit=1&offset=1`, UNCHECKED).then((r) => r.headers['x-debug-api-key'] ?? null),
    ),
    (req, res) =>
      is(req, 'GET', '/v1/enrollments') && Number(req.query.offset) > 0 && req.headers['x-api-key']
        ? { ...res, headers: { ...res.headers, 'X-Debug-Api-Key': req.headers['x-api-key'] } }
        : res,
  ),
  terminationUpdatedAtNumber: rewrite(
    'enr-termination-updated-at-number',
    'SCHEMA-RESPONSE-VALID',
    "A termination's 202 gives updated_at as Unix seconds (a number) instead of a date-time string.",
    routeProbe(
      async (k) => typeof (await act(k, await submitted(k, planFull, {}, 80), 'terminations')).body.updated_at,
    ),
    (req, res) => {
      const b = bodyOf(res);
      return is(req, 'POST', /\/terminations$/) && res.status === 202 && typeof b?.updated_at === 'string'
        ? { ...res, body: { ...b, updated_at: Math.floor(Date.parse(b.updated_at) / 1000) } }
        : res;
    },
  ),
} satisfies Record<string, Switch>;
