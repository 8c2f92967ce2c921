/**
 * Older ICHRA interface, applications (4.16): create, read and submit. Bodies are not shown:
 * an application is created for the `legacyPlanHiosId` fixture, its id is read from the
 * answer (top level, `application` or `data`), and each check creates its own application.
 */
import { expectSuccessAnswer, verify } from '../../harness/suite/index.js';
import { CREATE, SUBMIT, createdApplication, submitted } from './application-steps.js';
import { applicationIdOf, readApplication } from './legacy-requests.js';
import { LEGACY_OPERATIONS } from './operations.js';

const needs = { fixtures: ['legacyPlanHiosId'] };

verify(
  'creating an application answers 2xx with the application id',
  [CREATE, 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    await createdApplication(t);
  },
  { needs },
);

verify(
  'reading a created application answers 200 with that application',
  ['LEGACY-APPLICATION-READ', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const { id } = await createdApplication(t);
    const ex = await t.send(readApplication(id));
    expectSuccessAnswer(t, 'legacyGetApplication', LEGACY_OPERATIONS.legacyGetApplication, ex, () => {
      const readId = applicationIdOf(t.json(ex));
      t.expect.rules('LEGACY-APPLICATION-READ').that(ex, {
        holds: readId === id,
        title: 'the read shows another application',
        expected: `the application with id ${JSON.stringify(id)}`,
        observed: `id ${JSON.stringify(readId)}`,
      });
    });
  },
  { needs },
);

verify(
  'submitting a created application is accepted (2xx)',
  [SUBMIT, 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const { id } = await createdApplication(t);
    await submitted(t, id);
  },
  { needs },
);
