import { describe, expect, test } from 'vitest';
import {
  cancelPrediction,
  createdApp,
  isRefusal,
  submitPrediction,
  terminatePrediction,
  updatePrediction,
  type ModelApp,
} from './model.js';

const app = (over: Partial<ModelApp> = {}): ModelApp => ({ ...createdApp('planFull', 'today', false, false), ...over });
const submitted = (status: ModelApp['status'], over: Partial<ModelApp> = {}) =>
  app({ status, submitted: true, ...over });

describe('the model of section 3', () => {
  test(
    'submission: 202 for a clean draft, 422 with outstanding errors or without changes, 202 after ' +
      'changes for a carrier that takes them',
    () => {
      expect(submitPrediction(app())).toEqual({ statuses: [202], rule: 'ENR-SUBMIT-202' });
      expect(submitPrediction(app({ hasErrors: true })).rule).toBe('ENR-SUBMIT-OUTSTANDING-ERRORS-422');
      expect(submitPrediction(submitted('effectuated'))).toEqual({
        statuses: [422],
        rule: 'ENR-SUBMIT-NO-CHANGES-422',
      });
      expect(submitPrediction(submitted('pending_effectuation', { changed: true })).rule).toBe(
        'ENR-SUBMIT-RESUBMIT-AFTER-CHANGES',
      );
      // The contract says nothing of changes to a policy of a carrier without post-enrollment changes.
      expect(
        submitPrediction(submitted('pending_effectuation', { changed: true, plan: 'planLimited' })).rule,
      ).toBeUndefined();
    },
  );

  test(
    'cancellation only while pending effectuation and for a carrier that supports it; every other ' +
      'state is refused',
    () => {
      expect(cancelPrediction(submitted('pending_effectuation')).statuses).toEqual([202]);
      expect(cancelPrediction(app()).rule).toBe('ENR-CANCEL-NOT-PENDING-400');
      for (const status of ['effectuated', 'submission_failed', 'cancelled', 'terminated'] as const) {
        expect(cancelPrediction(submitted(status))).toEqual({
          statuses: [400],
          rule: 'ENR-CANCEL-PAST-PENDING-400',
          code: 'invalid_field_value',
        });
      }
      expect(cancelPrediction(submitted('pending_effectuation', { plan: 'planLimited' })).rule).toBe(
        'ENR-CANCEL-UNSUPPORTED-CARRIER-400',
      );
    },
  );

  test(
    'after a resubmission whose processing the contract does not time, a cancellation or termination ' +
      'may be refused too',
    () => {
      const cancel = cancelPrediction(submitted('pending_effectuation', { resubmitted: true }));
      expect(cancel.statuses).toEqual(expect.arrayContaining([202, 400]));
      expect(cancel.rule).toBeUndefined();
      expect(terminatePrediction(submitted('effectuated', { resubmitted: true })).statuses).toEqual(
        expect.arrayContaining([202, 400]),
      );
      // States the contract refuses stay refused.
      expect(cancelPrediction(submitted('effectuated', { resubmitted: true })).rule).toBe(
        'ENR-CANCEL-PAST-PENDING-400',
      );
    },
  );

  test('termination only of an effectuated policy of a carrier that supports it', () => {
    expect(terminatePrediction(submitted('effectuated')).statuses).toEqual([202]);
    expect(isRefusal(terminatePrediction(submitted('pending_effectuation')))).toBe(true);
    expect(terminatePrediction(submitted('effectuated', { plan: 'planSubmissionFails' })).rule).toBe(
      'ENR-TERMINATE-UNSUPPORTED-CARRIER-400',
    );
  });

  test(
    'a PUT on a draft is open; on a live submitted policy it is tracked; without carrier ' + 'support it is refused',
    () => {
      expect(updatePrediction(app()).rule).toBeUndefined();
      expect(updatePrediction(submitted('effectuated')).rule).toBe('ENR-UPDATE-TRACKED');
      // 4.11 states no status: any refusal but 404 and 429.
      const refusal = updatePrediction(submitted('pending_effectuation', { plan: 'planLimited' }));
      expect(refusal.statuses).toEqual(expect.arrayContaining([400, 409, 422]));
      expect(refusal.statuses).not.toContain(404);
      expect(refusal.anyRefusal).toBe(true);
    },
  );
});
