/**
 * Generated quote bodies (2.5) for the target's county: households of one to three applicants
 * (primary, then a spouse or a dependent, ages their relationship allows), income and page size
 * drawn; each is a 200 whose results are of the coverage type and market asked for and fill at
 * most page.size. Where the prose leaves members open the shape follows quote-request.ts.
 */
import fc from 'fast-check';
import { verifyProperty } from '../../harness/suite/index.js';
import { QUOTE_FIXTURES, quoteBody, quoteRequest, quoteTarget } from './quote-request.js';
import { resultCoverageType, resultExchange, resultsOf } from './quote-results.js';

interface Household {
  applicants: Array<{
    relationship: 'primary' | 'spouse' | 'dependent';
    age: number;
    uses_tobacco: boolean;
    pregnant: boolean;
  }>;
  income: number;
  size: number;
}

const adult = (relationship: 'primary' | 'spouse') =>
  fc.record({
    relationship: fc.constant(relationship),
    age: fc.integer({ min: 21, max: 64 }),
    uses_tobacco: fc.boolean(),
    pregnant: fc.boolean(),
  });
// The document's QuoteApplicant.relationship enum: primary, spouse, dependent.
const child = fc.record({
  relationship: fc.constant('dependent' as const),
  age: fc.integer({ min: 0, max: 20 }),
  uses_tobacco: fc.constant(false),
  pregnant: fc.constant(false),
});

/** Shrinks towards one 21-year-old applicant, the lowest income drawn and a one-result page. */
const households: fc.Arbitrary<Household> = fc
  .tuple(
    adult('primary'),
    fc.option(adult('spouse'), { nil: undefined }),
    fc.array(child, { maxLength: 1 }),
    fc.integer({ min: 15_000, max: 250_000 }),
    fc.integer({ min: 1, max: 10 }),
  )
  .map(([primary, spouse, children, income, size]) => ({
    applicants: [primary, ...(spouse ? [spouse] : []), ...children],
    income,
    size,
  }));

verifyProperty(
  'generated households get a 200 quote of the coverage type and market asked for, at most page.size results',
  ['QUOTES-200', 'QUOTES-HOMOGENEOUS', 'QUOTES-PAGE-SIZE'],
  () => households,
  async (t, h) => {
    const q = await quoteTarget(t);
    const body = quoteBody(q, { number: 1, size: h.size }) as { household: Record<string, unknown> };
    const effective = String(body.household.effective_date);
    const birthYear = (age: number) => Number(effective.slice(0, 4)) - age - 1;
    body.household = {
      ...body.household,
      household_size: h.applicants.length,
      annual_income: h.income,
      applicants: h.applicants.map((a, i) => ({
        member_id: `applicant-${i + 1}`,
        age: a.age,
        date_of_birth: `${birthYear(a.age)}-06-15`,
        relationship: a.relationship,
        uses_tobacco: a.uses_tobacco,
        pregnant: a.pregnant,
        blind_or_disabled: false,
        native_american: false,
      })),
    };
    const ex = await t.send(quoteRequest(body, `household of ${h.applicants.length}, page.size ${h.size}`));
    t.expect.rules('QUOTES-200').status(ex, 200);
    const results = resultsOf(t, ex);
    const differs = (shown: unknown, asked: string) => shown !== undefined && shown !== asked;
    const stray = results.filter(
      (r) => differs(resultCoverageType(r), q.coverageType) || differs(resultExchange(r), q.exchange),
    );
    t.expect.rules('QUOTES-HOMOGENEOUS').that(ex, {
      holds: stray.length === 0,
      title: 'mixed results',
      expected: `every result of coverage_type ${q.coverageType} on ${q.exchange}`,
      observed: `${stray.length} other result(s)`,
    });
    t.expect.rules('QUOTES-PAGE-SIZE').that(ex, {
      holds: results.length <= h.size,
      title: 'page larger than page.size',
      expected: `at most ${h.size} results`,
      observed: `${results.length} results`,
    });
  },
  { needs: { writes: true, fixtures: QUOTE_FIXTURES }, maxRuns: 4 },
);
