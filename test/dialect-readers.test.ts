/**
 * The suites' response readers read the provider's document's names first: each reader is run
 * over the document's own response examples (specs/provider/openapi.json), then over the older
 * names it still accepts where the prose names nothing.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  applicationIdOf,
  applicationMember,
  applicationRowsOf,
  nextActionsOf,
  paginationOf,
  paymentFieldPairs,
  paymentRedirectSupported,
  policyStatusOf,
} from '../suites/enrollments/application-reader.js';
import { rowIds } from '../suites/enrollments/observe.js';
import { policyPaginationOf, policyRowsOf, policyStatusesOf } from '../suites/policy-status/policy-status-reader.js';
import { resultCoverageType, resultExchange } from '../suites/quotes/quote-results.js';

const DOCUMENT = JSON.parse(
  readFileSync(fileURLToPath(new URL('../specs/provider/openapi.json', import.meta.url)), 'utf8'),
);
/** The example of a named response of the document. */
const example = (response: string): any => DOCUMENT.components.responses[response].content['application/json'].example;

describe("readers over the document's own examples", () => {
  test('an application: application_id, policy_status, payment_redirect_supported', () => {
    const app = example('EnrollmentResponse');
    expect(applicationIdOf(app)).toBe(app.application_id);
    expect(policyStatusOf(app)).toBe(app.policy_status);
    expect(paymentRedirectSupported(app)).toBe(app.payment_instructions.payment_redirect_supported);
  });

  test('submit, status change and supporting documentation name the application by application_id', () => {
    for (const name of [
      'SubmitEnrollmentResponse',
      'EnrollmentStatusChangeResponse',
      'SupportingDocumentationResponse',
    ]) {
      expect(applicationIdOf(example(name)), name).toBe(example(name).application_id);
    }
  });

  test('the list: applications rows by application_id, and pagination', () => {
    const list = example('EnrollmentListResponse');
    expect(rowIds(applicationRowsOf(list)!)).toEqual(
      list.applications.map((r: { application_id: string }) => r.application_id),
    );
    expect(paginationOf(list)).toEqual(list.pagination);
  });

  test('payment redirect fields: the array of {name, value} as (key, value) pairs, in order', () => {
    const { fields } = example('PaymentRedirectResponse');
    expect(paymentFieldPairs(fields)).toEqual(fields.map((f: { name: string; value: string }) => [f.name, f.value]));
  });

  test('policy status: applications rows, pagination, policy_statuses', () => {
    const list = example('PolicyStatusApplicationsResponse');
    expect(policyRowsOf(list)).toEqual(list.applications);
    expect(policyPaginationOf(list)).toEqual(list.pagination);
    const one = example('PolicyStatusApplicationResponse');
    expect(policyStatusesOf(one)).toEqual(one.policy_statuses);
  });
});

describe("readers prefer the document's names and fall back only where the prose names nothing", () => {
  test('the application id: application_id, then enrollment_id, then id', () => {
    expect(applicationIdOf({ application_id: 'A', enrollment_id: 'E', id: 'I' })).toBe('A');
    expect(applicationIdOf({ enrollment_id: 'E', id: 'I' })).toBe('E');
    expect(applicationIdOf({ id: 'I' })).toBe('I');
    expect(applicationIdOf({ id: '' })).toBeUndefined();
  });

  test("the application's data: nested under application, else at the top level", () => {
    const phone = (p: string) => ({ applicants: { primary: { phone: p } } });
    expect(applicationMember({ application: phone('1'), ...phone('2') }, 'applicants.primary.phone')).toBe('1');
    expect(applicationMember(phone('2'), 'applicants.primary.phone')).toBe('2');
    expect(applicationMember({ application: {} }, 'applicants.primary.phone')).toBeUndefined();
  });

  test('rows and pagination: applications and pagination first, enrollments and meta after', () => {
    expect(applicationRowsOf({ applications: [{ application_id: 'A' }], enrollments: [{ id: 'E' }] })).toEqual([
      { application_id: 'A' },
    ]);
    expect(applicationRowsOf({ enrollments: [{ id: 'E' }], meta: {} })).toEqual([{ id: 'E' }]);
    expect(applicationRowsOf({ a: [], b: [] })).toBeUndefined();
    expect(paginationOf({ pagination: { limit: 1 }, meta: { limit: 2 } })).toEqual({ limit: 1 });
    expect(paginationOf({ meta: { limit: 2 } })).toEqual({ limit: 2 });
    expect(policyRowsOf({ applications: [1], other: [2] })).toEqual([1]);
    expect(policyPaginationOf({ meta: { limit: 3, offset: 0 } })).toEqual({ limit: 3, offset: 0 });
    expect(policyStatusesOf({ policies: [] })).toEqual([]);
  });

  test('next actions: rel, href and method; the relation from action when rel is absent', () => {
    const href = '/v1/enrollments/A/submissions';
    expect(nextActionsOf({ next_actions: [{ rel: 'submit', href, method: 'POST', required: false }] })).toEqual([
      { rel: 'submit', href, method: 'POST' },
    ]);
    expect(nextActionsOf({ next_actions: [{ action: 'submit', href, method: 'POST' }] })).toEqual([
      { rel: 'submit', href, method: 'POST' },
    ]);
    expect(nextActionsOf({})).toEqual([]);
  });

  test('payment fields: a map reads as its entries; anything else is no fields', () => {
    expect(paymentFieldPairs({ MemberID: 'M', 'policy#': 'P' })).toEqual([
      ['MemberID', 'M'],
      ['policy#', 'P'],
    ]);
    expect(paymentFieldPairs(['MemberID'])).toBeUndefined();
    expect(paymentFieldPairs('MemberID=M')).toBeUndefined();
  });

  test("a quote result's market from context.exchange, its coverage type from coverage_type", () => {
    const result = {
      coverage_type: 'medical',
      context: { product: 'aca', exchange: 'on_exchange', coverage_family: 'medical', coverage_type: 'medical' },
    };
    expect(resultExchange(result)).toBe('on_exchange');
    expect(resultCoverageType(result)).toBe('medical');
    expect(resultExchange({ exchange: 'off_exchange' })).toBe('off_exchange');
  });
});
