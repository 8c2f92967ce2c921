/**
 * Direct enrollment (2.8, section 3, 4.9–4.15): off-exchange ICHRA applications, gated by
 * `direct_enrollment`, failing in the `{errors: [...]}` shape. One store per server instance;
 * `env.seed.enrollments` adds synthetic applications for scale runs.
 */
import type { Route, RouteModule, ServerEnv, SuccessAnswer } from '../types.js';
import { actionHandler } from './actions.js';
import { createEnrollment, createReplayed } from './create.js';
import { uploadDocumentation } from './documents.js';
import { listEnrollments } from './list.js';
import { paymentRedirect } from './payment.js';
import { readEnrollment } from './read.js';
import { seedEnrollments } from './seed.js';
import type { Service } from './service.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { EnrollmentStore } from './store.js';
import { updateEnrollment } from './update.js';

const ITEM = '/v1/enrollments/{enrollment_id}';

/** Processing delays of the two timing variants: slow stays well inside the profile's asyncTimeoutMs (5 s). */
const SLOW_PROCESSING_MS = 1_000;
const IMMEDIATE_PROCESSING_MS = 0;

export const enrollmentRoutes: RouteModule = (serverEnv: ServerEnv): Route[] => {
  const processingDelayMs = serverEnv.on(F.processingSlow)
    ? SLOW_PROCESSING_MS
    : serverEnv.on(F.processingImmediate)
      ? IMMEDIATE_PROCESSING_MS
      : serverEnv.processingDelayMs;
  const env: ServerEnv = { ...serverEnv, processingDelayMs };
  const svc: Service = { store: new EnrollmentStore(), env };
  seedEnrollments(svc.store, env.seed?.enrollments ?? 0);
  const common = { family: 'enrollments', gate: 'direct_enrollment', errorShape: 'errors' } as const;
  // The document lists no 415 for these operations: another media type is a 400 there.
  const no415 = { mediaTypeRefusal: 400 } as const;
  return [
    {
      ...common,
      method: 'GET',
      pattern: '/v1/enrollments',
      success: ok('ENR-LIST-200'),
      handler: listEnrollments(svc),
    },
    {
      ...common,
      ...no415,
      method: 'POST',
      pattern: '/v1/enrollments',
      idempotency: 'required',
      success: ok('ENR-CREATE-SUCCESS', 200, 201),
      handler: createEnrollment(svc),
      replayed: createReplayed(svc),
    },
    { ...common, method: 'GET', pattern: ITEM, success: ok('ENR-READ-200'), handler: readEnrollment(svc) },
    {
      ...common,
      method: 'PUT',
      pattern: ITEM,
      // 4.11 states no status for a PUT: any success the provider's document lists.
      success: ok('ENR-UPDATE-TRACKED', 200, 201, 202, 204),
      handler: updateEnrollment(svc),
    },
    {
      ...common,
      ...no415,
      method: 'POST',
      pattern: `${ITEM}/submissions`,
      success: ok('ENR-SUBMIT-202', 202),
      handler: actionHandler(svc, 'submission'),
    },
    {
      ...common,
      ...no415,
      method: 'POST',
      pattern: `${ITEM}/cancellations`,
      success: ok('ENR-CANCEL-202', 202),
      handler: actionHandler(svc, 'cancellation'),
    },
    {
      ...common,
      ...no415,
      method: 'POST',
      pattern: `${ITEM}/terminations`,
      success: ok('ENR-TERMINATE-202', 202),
      handler: actionHandler(svc, 'termination'),
    },
    {
      ...common,
      method: 'GET',
      pattern: `${ITEM}/payment_redirect`,
      success: ok('ENR-PAYMENT-200'),
      handler: paymentRedirect(svc),
    },
    {
      ...common,
      method: 'POST',
      pattern: `${ITEM}/supporting_documentation`,
      bodyTypes: ['json', 'multipart'],
      success: ok('ENR-DOCS-JSON', 200, 201),
      handler: uploadDocumentation(svc),
    },
  ];
};

/** A success answer: its rule and statuses (200 unless named). */
const ok = (rule: string, ...status: number[]): SuccessAnswer => ({ rule, status: status.length ? status : [200] });
