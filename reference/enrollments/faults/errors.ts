/**
 * Faults of direct enrollment: the error envelope of this family (section 7).
 */
import { faultsOf, under } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { routeProbe } from '../../core/probe.js';
import { incompleteCreateBody } from '../fixtures.js';
import { act, planFull } from '../probe-steps.js';
import { errorsOf } from '../fault-rewrites.js';

const { rewrite } = faultsOf('enrollments');

export const ERROR_ENVELOPE_FAULTS = {
  // Error envelope (section 7)
  // Only 422s, so the 400 rules that name the errors[] shape (agent fields, Idempotency-Key) keep holding.
  errorsUnifiedEnvelope: rewrite(
    'enr-errors-unified-envelope',
    'ENR-ERRORS-ENVELOPE',
    'Direct-enrollment 422 failures use the unified {error} envelope.',
    routeProbe(async (k) =>
      Object.keys(
        (
          await act(
            k,
            (
              await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(planFull) })
            ).body.application_id,
            'submissions',
          )
        ).body,
      ),
    ),
    under('/v1/enrollments', (res) => {
      const errors = errorsOf(res);
      return res.status === 422 && errors && errors.length > 0
        ? { ...res, body: { error: { code: errors[0].code, message: errors[0].message } } }
        : res;
    }),
  ),
} satisfies Record<string, Switch>;
