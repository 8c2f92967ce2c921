/**
 * Generated quote bodies (2.5) for the target's county: households of 1 to 10 people (the
 * contract states no largest) with a primary, maybe a spouse and up to two dependents, their
 * ages on the edges where rules change (a newborn, 18, 21, 26, 64, 65, ...) and dates of birth
 * on the edges of those ages at the effective date (generators/domain); income and page size
 * drawn. Each is a 200 whose results are of the coverage type and market asked for and fill at
 * most page.size. Where the prose leaves members open the shape follows quote-request.ts.
 */
import fc from 'fast-check';
import { applicantAge, birthDate, DEFAULT_MAX_HOUSEHOLD, householdSize } from '../../generators/index.js';
import { draw, verifyProperty, type CheckContext } from '../../harness/suite/index.js';
import { QUOTE_FIXTURES, quoteBody, quoteRequest, quoteTarget } from './quote-request.js';
import { resultCoverageType, resultExchange, resultsOf } from './quote-results.js';

type Relationship = 'primary' | 'spouse' | 'dependent';

interface Applicant {
  relationship: Relationship;
  age: number;
  date_of_birth: string;
  uses_tobacco: boolean;
  pregnant: boolean;
}

interface Household {
  applicants: Applicant[];
  /** household_size: the applicants and the people the household counts besides them. */
  size: number;
  income: number;
  /** page.size */
  pageSize: number;
}

/** An applicant of `relationship`, aged as on `on` (the effective date); a minor neither smokes nor is pregnant. */
const person = (on: string, relationship: Relationship, ages: fc.Arbitrary<number>): fc.Arbitrary<Applicant> =>
  fc.record({ age: ages, uses_tobacco: fc.boolean(), pregnant: fc.boolean() }).chain((a) =>
    birthDate({ on, age: a.age }).map((date_of_birth) => ({
      relationship,
      age: a.age,
      uses_tobacco: a.age >= 18 && a.uses_tobacco,
      pregnant: a.age >= 18 && a.pregnant,
      date_of_birth,
    })),
  );

/** Ages of the household's members, drawn or pinned (the directed run's edges). */
interface Ages {
  adult: fc.Arbitrary<number>;
  dependent: fc.Arbitrary<number>;
  dependents: { minLength: number; maxLength: number };
}

const DRAWN_AGES: Ages = {
  adult: applicantAge({ min: 18 }),
  dependent: applicantAge({ max: 25 }),
  dependents: { minLength: 0, maxLength: 2 },
};

/** The directed run: the oldest edges for the adults, a newborn dependent. */
const EDGE_AGES: Ages = {
  adult: fc.constantFrom(64, 65),
  dependent: fc.constant(0),
  dependents: { minLength: 1, maxLength: 1 },
};

// The document's QuoteApplicant.relationship enum: primary, spouse, dependent.
const households = (on: string, size = householdSize(), ages = DRAWN_AGES): fc.Arbitrary<Household> =>
  fc
    .tuple(
      person(on, 'primary', ages.adult),
      fc.option(person(on, 'spouse', ages.adult), { nil: undefined }),
      fc.array(person(on, 'dependent', ages.dependent), ages.dependents),
      size,
      fc.integer({ min: 0, max: 250_000 }),
      fc.integer({ min: 1, max: 10 }),
    )
    .map(([primary, spouse, children, people, income, pageSize]) => {
      const applicants = [primary, ...(spouse ? [spouse] : []), ...children];
      return { applicants, size: Math.max(people, applicants.length), income, pageSize };
    });

/** The effective date of the target's quotes: 1 January of its plan year. */
const effectiveDate = async (t: CheckContext): Promise<string> => `${(await quoteTarget(t)).planYear}-01-01`;

verifyProperty(
  'generated households get a 200 quote of the coverage type and market asked for, at most page.size results',
  ['QUOTES-200', 'QUOTES-HOMOGENEOUS', 'QUOTES-PAGE-SIZE'],
  async (t) => households(await effectiveDate(t)),
  async (t, h) => {
    const q = await quoteTarget(t);
    const body = quoteBody(q, { number: 1, size: h.pageSize }) as { household: Record<string, unknown> };
    body.household = {
      ...body.household,
      household_size: h.size,
      annual_income: h.income,
      applicants: h.applicants.map((a, i) => ({
        member_id: `applicant-${i + 1}`,
        age: a.age,
        date_of_birth: a.date_of_birth,
        relationship: a.relationship,
        uses_tobacco: a.uses_tobacco,
        pregnant: a.pregnant,
        blind_or_disabled: false,
        native_american: false,
      })),
    };
    const label = `household of ${h.size}, ages ${h.applicants.map((a) => a.age).join(', ')}, page.size ${h.pageSize}`;
    const ex = await t.send(quoteRequest(body, label));
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
      holds: results.length <= h.pageSize,
      title: 'page larger than page.size',
      expected: `at most ${h.pageSize} results`,
      observed: `${results.length} results`,
    });
  },
  {
    needs: { writes: true, fixtures: QUOTE_FIXTURES },
    maxRuns: 4,
    // Every run: the largest household, with a newborn and adults of 64 or 65; the rest drawn.
    examples: (t) => [
      draw(
        t,
        households(`${Number(t.fixture('planYear'))}-01-01`, fc.constant(DEFAULT_MAX_HOUSEHOLD), EDGE_AGES),
        'largest household',
      ),
    ],
  },
);
