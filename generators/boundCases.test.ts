import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validator } from './_fixtures/ajvCheck.js';
import { searchProviders } from './_fixtures/contractSamples.js';
import { boundCases } from './boundCases.js';
import type { BoundCase, Operation, Schema } from './types.js';

/** An operation whose JSON body is `schema`. */
const withBody = (schema: Schema): Operation => ({
  operationId: 'op',
  method: 'POST',
  path: '/v1/op',
  requestBody: { required: true, content: { 'application/json': { schema } } },
});

const drawnOf = (c: BoundCase): unknown => fc.sample(c.value, { numRuns: 1, seed: 7 })[0];
/** `member bound side` of each case, as a table the tests compare. */
const table = (cases: readonly BoundCase[]) => cases.map((c) => `${c.member} | ${c.bound} | ${c.side}`);
const values = (cases: readonly BoundCase[], member: string, side: BoundCase['side']) =>
  cases.filter((c) => c.member === member && c.side === side).map(drawnOf);

describe('boundCases: every stated bound of every member, from both sides', () => {
  it('numbers: the least and greatest, one step outside, a fraction inside a number and outside an integer', () => {
    const cases = boundCases(
      withBody({
        type: 'object',
        properties: {
          age: { type: 'integer', minimum: 0, maximum: 130 },
          income: { type: 'number', minimum: 0 },
          year: { type: 'integer' },
        },
      }),
      { body: { age: 40, income: 42000 } },
    );
    expect(values(cases, 'age', 'inside')).toEqual([0, 130]);
    expect(values(cases, 'age', 'outside')).toEqual([-1, 131, 40.5]);
    expect(values(cases, 'income', 'inside')).toEqual([0, 42000.5]);
    expect(values(cases, 'income', 'outside')).toEqual([-0.01]);
    // A type is a stated bound too: an integer refuses a fraction, nothing else is invented.
    expect(table(cases.filter((c) => c.member === 'year'))).toEqual([
      'year | a fraction where an integer is stated | outside',
    ]);
  });

  it('texts: the longest and shortest length in characters, of letters up to four UTF-8 bytes', () => {
    const schema = { type: 'object', properties: { name: { type: 'string', minLength: 2, maxLength: 50 } } };
    const cases = boundCases(withBody(schema), { body: {} });
    const lengths = cases.map((c) => [c.side, [...(drawnOf(c) as string)].length]);
    expect(lengths).toEqual([
      ['inside', 2],
      ['outside', 1],
      ['inside', 50],
      ['outside', 51],
    ]);
    const longest = drawnOf(cases[2]!) as string;
    expect(Buffer.byteLength(longest)).toBeGreaterThan(50);
    expect(validator(schema)({ name: longest })).toBe(true);
    expect(validator(schema)({ name: drawnOf(cases[3]!) })).toBe(false);
    // A pattern or a format says what the characters are: no length case is made of letters for them.
    const patterned = { type: 'object', properties: { phone: { type: 'string', pattern: '^[0-9]{7,50}$' } } };
    expect(boundCases(withBody(patterned), { body: {} })).toEqual([]);
  });

  it("dates: a leap day, 31 December, 1 January in the member's form, a day that is not, the other form", () => {
    const usDate = { type: 'string', pattern: '^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$' };
    const schema = {
      type: 'object',
      properties: {
        born: { type: 'string', format: 'date' },
        us: usDate,
        since: { type: 'string', format: 'date-time' },
      },
    };
    const cases = boundCases(withBody(schema), { body: { born: '1985-04-12' } });
    expect(values(cases, 'born', 'inside')).toEqual(['1984-02-29', '1985-12-31', '1985-01-01']);
    expect(values(cases, 'born', 'outside')).toEqual(['1985-02-29', '12/31/1985']);
    // A member the request does not send is put in 2000, a leap year.
    expect(values(cases, 'us', 'inside')).toEqual(['02/29/2000', '12/31/2000', '01/01/2000']);
    expect(values(cases, 'us', 'outside')).toEqual(['13/01/2000', '2000-12-31']);
    expect(values(cases, 'since', 'outside')).toEqual(['1999-02-29T12:00:00Z']);
    for (const c of cases)
      expect(validator(schema)({ [c.member]: drawnOf(c) }), `${c.member} ${c.bound}`).toBe(c.side === 'inside');
  });

  it('enums at each value and one outside; lists at their stated sizes, from the list sent', () => {
    const schema = {
      type: 'object',
      properties: {
        gender: { type: 'string', enum: ['female', 'male'] },
        applicants: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'object' } },
      },
    };
    const cases = boundCases(withBody(schema), { body: { applicants: [{ a: 1 }, { a: 2 }] } });
    expect(values(cases, 'gender', 'inside')).toEqual(['female', 'male']);
    expect(values(cases, 'gender', 'outside')).toEqual(['female_outside']);
    expect(values(cases, 'applicants', 'inside')).toEqual([[{ a: 1 }], [{ a: 1 }, { a: 2 }, { a: 1 }]]);
    expect(values(cases, 'applicants', 'outside').map((l) => (l as unknown[]).length)).toEqual([0, 4]);
  });

  it('walks nested members: objects sent, objects that require nothing, the first item of a list sent', () => {
    const schema = {
      type: 'object',
      properties: {
        household: {
          type: 'object',
          required: ['applicants'],
          properties: {
            applicants: {
              type: 'array',
              items: { type: 'object', properties: { age: { type: 'integer', maximum: 9 } } },
            },
          },
        },
        page: { type: 'object', properties: { size: { type: 'integer', maximum: 500 } } },
        strict: { type: 'object', required: ['x'], properties: { n: { type: 'integer', maximum: 1 } } },
      },
    };
    const cases = boundCases(withBody(schema), { body: { household: { applicants: [{ age: 3 }] } } });
    expect([...new Set(cases.map((c) => c.member))]).toEqual(['household.applicants[0].age', 'page.size']);
    expect(cases.find((c) => c.member === 'page.size')!.path).toEqual(['page', 'size']);
  });

  it('parameters: query and path ones; a clamped one gets nothing outside its range; known values stay', () => {
    const cases = boundCases(
      searchProviders,
      { query: { query: 'Health', 'page[size]': '5' } },
      {
        known: { query: ['Health'] },
      },
    );
    expect(table(cases)).toEqual([
      'exchange | enum value "on_exchange" | inside',
      'exchange | enum value "off_exchange" | inside',
      'exchange | a value outside the enum (2 values) | outside',
      'page[number] | minimum 1 | inside',
      'page[number] | a fraction where an integer is stated | outside',
      'page[size] | minimum 1 | inside',
      'page[size] | maximum 50 | inside',
      'page[size] | a fraction where an integer is stated | outside',
    ]);
    expect(values(cases, 'page[size]', 'outside')).toEqual([5.5]);
  });

  it('states nothing where the document states no bound', () => {
    const open = withBody({ type: 'object', properties: { note: { type: 'string' }, flag: { type: 'boolean' } } });
    expect(boundCases(open, { body: { note: 'x' } })).toEqual([]);
    expect(boundCases({ operationId: 'ping', method: 'GET', path: '/v1/ping' }, {})).toEqual([]);
  });
});
