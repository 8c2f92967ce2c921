import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../contract/index.js';
import type { Contract } from '../contract/types.js';
import { loadDisagreements } from '../suite/disagreements.js';
import { errorLocation, statusDisagreement, underPointer, type Disagreement } from './disagreements.js';
import { exchange } from './fixtures.test-helpers.js';
import type { CheckNote } from './note.js';
import { bindChecks } from './bound.js';
import { RuleViolation } from './violation.js';

const PROVIDER = fileURLToPath(new URL('../../specs/provider/openapi.json', import.meta.url));

/** An entry shaped like specs/disagreements.json's, so the test does not depend on the table's current rows. */
const FIELDS_FORM: Disagreement = {
  id: 'PAYMENT-FIELDS-FORM',
  kind: 'response-shape',
  where: { operations: ['getEnrollmentPaymentRedirect'], status: '200', pointer: '/fields' },
  prose: { section: '2.8', says: '`fields` is a map' },
  document: { at: '#/components/schemas/PaymentRedirectResponse', says: '`fields` is an array of `{name, value}`' },
  reading: 'Either form.',
};
const CREATE_415: Disagreement = {
  id: 'CREATE-MEDIA-TYPE-STATUS',
  kind: 'status',
  where: { operations: ['createEnrollment'], status: '415' },
  prose: { section: '7', says: '415 for an unsupported media type' },
  document: { at: '#/paths/~1v1~1enrollments/post/responses', says: 'no 415' },
};

const redirect = (fields: unknown, extra: Record<string, unknown> = {}) =>
  exchange(200, {
    application_id: 'enr_1',
    method: 'POST',
    endpoint: 'https://pay.example/checkout',
    fields,
    ...extra,
  });

describe('schemaValid under the provider document, with disagreements', () => {
  let provider: Contract;
  beforeAll(async () => {
    provider = await loadContract(PROVIDER);
  });

  function run(
    ex: ReturnType<typeof exchange>,
    operationId: string,
    table: readonly Disagreement[] = [FIELDS_FORM, CREATE_415],
  ) {
    const notes: CheckNote[] = [];
    let thrown: unknown;
    try {
      bindChecks(['SCHEMA-RESPONSE-VALID'], provider, {
        disagreements: table,
        note: (n) => void notes.push(n),
      }).schemaValid(ex, operationId);
    } catch (e) {
      thrown = e;
    }
    return { notes, thrown };
  }

  test("the document's own form passes without a note", () => {
    const { notes, thrown } = run(redirect([{ name: 'MemberID', value: 'M1' }]), 'getEnrollmentPaymentRedirect');
    expect(thrown).toBeUndefined();
    expect(notes).toEqual([]);
  });

  test("the prose's map is a note naming the disagreement and both sources, not a violation", () => {
    const { notes, thrown } = run(redirect({ MemberID: 'M1' }), 'getEnrollmentPaymentRedirect');
    expect(thrown).toBeUndefined();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.observed).toContain('/fields must be array');
    expect(notes[0]!.observed).toContain('PAYMENT-FIELDS-FORM');
    expect(notes[0]!.observed).toContain('the prose (2.8)');
    expect(notes[0]!.observed).toContain('#/components/schemas/PaymentRedirectResponse');
  });

  test('without the table entry the map fails', () => {
    const { thrown } = run(redirect({ MemberID: 'M1' }), 'getEnrollmentPaymentRedirect', []);
    expect(thrown).toBeInstanceOf(RuleViolation);
  });

  test('an error elsewhere still fails, quoting only the errors no disagreement covers', () => {
    const { thrown } = run(redirect({ MemberID: 'M1' }, { method: 'GET' }), 'getEnrollmentPaymentRedirect');
    expect(thrown).toBeInstanceOf(RuleViolation);
    expect((thrown as RuleViolation).observed).toContain('/method');
    expect((thrown as RuleViolation).observed).not.toContain('/fields');
  });

  test('the entry covers its operation and status only', () => {
    const { thrown } = run(redirect({ MemberID: 'M1' }), 'getEnrollmentPaymentRedirect', [
      { ...FIELDS_FORM, where: { ...FIELDS_FORM.where, status: '201' } },
    ]);
    expect(thrown).toBeInstanceOf(RuleViolation);
    const other = run(redirect({ MemberID: 'M1' }), 'getEnrollmentPaymentRedirect', [
      { ...FIELDS_FORM, where: { ...FIELDS_FORM.where, operations: ['getEnrollment'] } },
    ]);
    expect(other.thrown).toBeInstanceOf(RuleViolation);
  });

  test('a status only the prose lists is a note when an entry names it, else an undocumented status', () => {
    const noted = run(
      exchange(415, { error: { code: 'unsupported_media_type', message: 'JSON only' } }),
      'createEnrollment',
    );
    expect(noted.thrown).toBeUndefined();
    expect(noted.notes[0]!.observed).toContain('CREATE-MEDIA-TYPE-STATUS');
    const failed = run(
      exchange(415, { error: { code: 'unsupported_media_type', message: 'JSON only' } }),
      'createEnrollment',
      [FIELDS_FORM],
    );
    expect((failed.thrown as RuleViolation).title).toBe('undocumented status');
  });
});

describe('disagreement matching', () => {
  test('a missing member is located at the member, so a pointer can cover it', () => {
    expect(errorLocation({ path: '/', message: "must have required property 'fields'" })).toBe('/fields');
    expect(errorLocation({ path: '/a', message: 'must NOT have additional properties: b/c' })).toBe('/a/b~1c');
    expect(errorLocation({ path: '/fields/0', message: 'must be object' })).toBe('/fields/0');
  });

  test('pointers match their own location and below, with * for one segment', () => {
    expect(underPointer('/fields', '/fields/0/name')).toBe(true);
    expect(underPointer('/fields', '/fieldset')).toBe(false);
    expect(underPointer('/next_actions/*/rel', '/next_actions/3/rel')).toBe(true);
    expect(underPointer('/next_actions/*/rel', '/next_actions/3/href')).toBe(false);
  });

  test('status entries match a status class like 4XX', () => {
    expect(statusDisagreement([{ id: 'X', where: { operations: ['op'], status: '4XX' } }], 'op', 415)?.id).toBe('X');
    expect(statusDisagreement([{ id: 'X', where: { operations: ['op'], status: '4XX' } }], 'op', 500)).toBeUndefined();
  });

  test('the table of this checkout loads, every entry with an id and where it applies', () => {
    for (const d of loadDisagreements()) {
      expect(d.id).toMatch(/^[A-Z0-9-]+$/);
      expect(typeof d.where).toBe('object');
    }
  });
});
