/**
 * Generated create bodies with a rule oracle (create-oracle.ts): plans the profile names, a
 * start today or later, a special enrollment period or not, carrier-needed applicant members
 * left out, and at most one member the request must not carry; with an applicant, an
 * external_id and an Idempotency-Key drawn from the contract's domain (names of every kind, a
 * date of birth on an edge of an age, any characters, the key's whole alphabet), which a kept
 * application shows back as sent. A failure shrinks towards a complete planFull body and names
 * the rule it breaks.
 */
import fc from 'fast-check';
import { applicantAge, birthDate, externalId, idempotencyKey, personName } from '../../generators/index.js';
import { verifyProperty, wrongIn, type CheckContext } from '../../harness/suite/index.js';
import { policyStatusOf, type Json } from './application-reader.js';
import { sendCreate } from './applications.js';
import { CREATE_ORACLE_RULES, createOutcome, type CreateCase } from './create-oracle.js';
import { expectSentShown } from './observe.js';
import { REJECTED_MEMBERS } from './rejected-members.js';
import { createBody, createRequest, INCOMPLETE_LEAVES_OUT, isoDay, primaryApplicant } from './requests.js';

/** The domain of one create: who applies, under which partner id, with which key's characters. */
interface Drawn {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  external_id: string;
  /** The key's drawn characters; a run-unique stamp ends the key sent. */
  key: string;
}

/** Room in a key for the run's stamp (`<run id>-gen-<n>`). */
const STAMP_ROOM = 64;

const drawn: fc.Arbitrary<Drawn> = fc.record({
  first_name: personName(),
  last_name: personName(),
  date_of_birth: applicantAge({ min: 18, max: 64 }).chain((age) => birthDate({ on: isoDay(0), age })),
  external_id: externalId(),
  key: idempotencyKey({ maxLength: 255 - STAMP_ROOM }),
});

function cases(t: CheckContext): fc.Arbitrary<CreateCase & { drawn: Drawn }> {
  // planFull is declared (needs), planLimited drawn too when the profile has it.
  t.fixture('planFull');
  const plans = (['planFull', 'planLimited'] as const).filter((p) => t.target.fixture(p) !== undefined);
  return fc.record({
    plan: fc.constantFrom(...plans),
    future: fc.boolean(),
    sep: fc.boolean(),
    missing: fc.subarray([...INCOMPLETE_LEAVES_OUT]),
    // Mostly none, so most draws are creates the target keeps.
    rejected: fc.oneof(
      { weight: 3, arbitrary: fc.constant(-1) },
      { weight: 1, arbitrary: fc.nat({ max: REJECTED_MEMBERS.length - 1 }) },
    ),
    drawn,
  });
}

verifyProperty(
  'generated create bodies get 2xx drafts, errors[] for missing applicant data, or 400 for a member the ' +
    'request must not carry',
  [...CREATE_ORACLE_RULES, 'ENR-CREATE-DATA-ROUND-TRIP'],
  cases,
  async (t, c) => {
    const { key, external_id, ...person } = c.drawn;
    const primary: Record<string, string> = { ...primaryApplicant(), ...person };
    for (const member of c.missing) delete primary[member];
    const extra = {
      external_id,
      applicants: { primary },
      ...(c.rejected >= 0 ? REJECTED_MEMBERS[c.rejected].add : {}),
    };
    const body = createBody(t, t.fixture<string>(c.plan), {
      start: c.future ? 'future' : 'today',
      withSep: c.sep,
      extra,
    });
    const idempotencyKey = key + t.idempotencyKey('gen').slice(-STAMP_ROOM);
    const wrong = c.rejected >= 0 ? wrongIn(REJECTED_MEMBERS[c.rejected].member) : {};
    const ex = await sendCreate(t, { ...createRequest(body), idempotencyKey, label: JSON.stringify(c), ...wrong });
    const outcome = createOutcome(c);
    const status = ex.response?.status ?? 0;
    const json = ex.response?.json as Json | undefined;
    if (outcome.rule === undefined)
      t.expect.rules('EDGE-NO-5XX').that(ex, {
        holds: status > 0 && status < 500,
        title: 'server error',
        expected: `one of ${outcome.statuses.join(', ')}`,
        observed: `status ${status || 'none'}`,
      });
    else t.expect.rules(outcome.rule).status(ex, outcome.statuses);
    if (outcome.rule !== undefined && outcome.errors) {
      const errors = Array.isArray(json?.errors) ? json!.errors : [];
      t.expect.rules(outcome.rule).that(ex, {
        holds: errors.length > 0,
        title: 'errors[] empty',
        expected: 'a non-empty errors[] naming what is wrong',
        observed: () => ex.response!.body.slice(0, 300),
      });
    }
    if (outcome.rule === 'ENR-CREATE-SUCCESS' && status >= 200 && status < 300)
      expectSentShown(t.expect.rules('ENR-CREATE-DATA-ROUND-TRIP'), ex, body as Json);
    if (outcome.draft && status >= 200 && status < 300) {
      const shown = policyStatusOf(json);
      t.expect.rules('ENR-CREATE-INITIAL-DRAFT').that(ex, {
        holds: shown === undefined || shown === 'draft',
        title: 'new application not a draft',
        expected: 'policy_status draft',
        observed: `policy_status ${JSON.stringify(shown)}`,
      });
    }
  },
  { needs: { writes: true, fixtures: ['planFull'] }, maxRuns: 5 },
);
