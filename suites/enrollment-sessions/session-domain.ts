/**
 * What a session body draws from the contract's domain (generators/domain): an external_id over
 * every character a string allows, and a household of 1 to 10 people whose applicants carry
 * names of every kind and dates of birth on the edges of their ages.
 */
import fc from 'fast-check';
import { applicantAge, birthDate, externalId, householdSize, personName } from '../../generators/index.js';

export interface SessionDomain {
  externalId: string;
  household: { household_size: number; annual_income: number; applicants: Array<Record<string, unknown>> };
}

/** Applicants a body lists at most (the rest of the household is counted by household_size). */
const MAX_APPLICANTS = 3;

const RELATIONSHIPS = ['primary', 'spouse', 'dependent'] as const;

/** An adult primary and spouse, a dependent of any age up to 25 (the document's relationship enum). */
const applicant = (on: string, relationship: (typeof RELATIONSHIPS)[number]) =>
  fc
    .record({
      first_name: personName(),
      last_name: personName(),
      age: relationship === 'dependent' ? applicantAge({ max: 25 }) : applicantAge({ min: 18 }),
      uses_tobacco: fc.boolean(),
      sex: fc.constantFrom('female', 'male'),
    })
    .chain(({ age, ...rest }) =>
      birthDate({ on, age }).map((date_of_birth) => ({
        relationship,
        ...rest,
        email: 'ada.conformance@example.com',
        phone_number: '5555550100',
        date_of_birth,
      })),
    );

/** The domain of one session body, ages as on `on` (today). */
export function sessionDomain(on: string): fc.Arbitrary<SessionDomain> {
  return fc
    .record({
      externalId: externalId(),
      size: householdSize(),
      income: fc.integer({ min: 0, max: 250_000 }),
      applicants: fc.tuple(
        applicant(on, 'primary'),
        fc.option(applicant(on, 'spouse'), { nil: undefined }),
        fc.option(applicant(on, 'dependent'), { nil: undefined }),
      ),
    })
    .map(({ externalId: id, size, income, applicants }) => {
      const listed = applicants.filter((a) => a !== undefined).slice(0, MAX_APPLICANTS);
      const people = listed.slice(0, Math.max(1, Math.min(size, listed.length)));
      return {
        externalId: id,
        household: { household_size: Math.max(size, people.length), annual_income: income, applicants: people },
      };
    });
}
