/**
 * Creating an application (4.10, 2.8): the success status and body, the initial state, and
 * validation errors reported on the application rather than lost.
 */
import { idempotencyKey } from '../../generators/index.js';
import { draw, expectSuccessAnswer, verify, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import { applicationIdOf, paymentRedirectSupported } from './application-reader.js';
import { share, type Json } from './applications.js';
import { expectPolicyStatusInEnum, expectSentShown, strayHrefs } from './observe.js';
import { ENROLLMENT_OPERATIONS } from './operations.js';
import { createBody, createRequest, domainMembers, INCOMPLETE_LEAVES_OUT } from './requests.js';

const writes = { writes: true } as const;

/** Where a carrier capability may be stated: any boolean member whose name says cancel / terminat. */
function capabilityFlags(body: unknown, word: RegExp, depth = 0): boolean[] {
  if (!body || typeof body !== 'object' || depth > 3) return [];
  return Object.entries(body as Json).flatMap(([k, v]) =>
    typeof v === 'boolean' && word.test(k) ? [v] : capabilityFlags(v, word, depth + 1),
  );
}

/** A created application as 2.8 shows it (the family's claims on a create's 200 or 201). */
function expectCreated(t: CheckContext, ex: Exchange, request: Json): void {
  const app = t.json<Json>(ex);
  const body = t.expect.rules('ENR-CREATE-BODY');
  body.that(ex, {
    holds: Array.isArray(app?.errors),
    title: 'no errors[] list',
    expected: 'errors: an array',
    observed: `errors ${JSON.stringify(app?.errors)}`,
  });
  body.that(ex, {
    holds: typeof app?.policy_status === 'string',
    title: 'no policy_status',
    expected: 'policy_status: a string',
    observed: `policy_status ${JSON.stringify(app?.policy_status)}`,
  });
  body.that(ex, {
    holds: app != null && 'document_status' in app,
    title: 'no document_status',
    expected: 'a document_status member',
    observed: () => `members ${Object.keys(app ?? {}).join(', ')}`,
  });
  const redirect = paymentRedirectSupported(app);
  body.that(ex, {
    holds: redirect !== undefined,
    title: 'no payment_redirect_supported',
    expected: 'payment_instructions.payment_redirect_supported: a boolean',
    observed: `${JSON.stringify(app?.payment_instructions)}`,
  });
  expectPolicyStatusInEnum(t.expect.rules('ENR-POLICY-STATUS-ENUM'), ex);
  t.expect.rules('ENR-CREATE-INITIAL-DRAFT').that(ex, {
    holds: app.policy_status === 'draft',
    title: 'new application not in draft',
    expected: 'policy_status "draft"',
    observed: `policy_status ${JSON.stringify(app.policy_status)}`,
  });
  const stray = strayHrefs(app);
  t.expect.rules('ENR-CREATE-NEXT-ACTIONS-HREF').that(ex, {
    holds: stray.length === 0,
    title: 'next action outside /v1/enrollments',
    expected: 'every next_actions[].href on a public /v1/enrollments route',
    observed: () => `hrefs ${stray.map((h) => JSON.stringify(h)).join(', ')}`,
  });
  const cancel = capabilityFlags(app, /cancel/i);
  const terminate = capabilityFlags(app, /terminat/i);
  t.expect.rules('ENR-CREATE-CARRIER-CAPABILITIES').that(ex, {
    holds: cancel.length > 0 && terminate.length > 0,
    title: 'carrier capabilities not stated',
    expected: 'boolean members stating cancellation and termination support (e.g. carrier.supports_cancellation)',
    observed: () => `members ${Object.keys(app).join(', ')}`,
  });
  expectSentShown(t.expect.rules('ENR-CREATE-DATA-ROUND-TRIP'), ex, request);
  t.expect.rules('IDEMP-FIRST-NO-REPLAY-HEADER').noHeader(ex, 'Idempotent-Replay');
}

verify(
  'a valid application is created with 200 or 201, in draft, with errors[], policy_status, document_status, ' +
    'payment instructions and next_actions on /v1/enrollments',
  [
    'ENR-CREATE-SUCCESS',
    'ENR-CREATE-BODY',
    'ENR-CREATE-INITIAL-DRAFT',
    'ENR-CREATE-NEXT-ACTIONS-HREF',
    'ENR-CREATE-CARRIER-CAPABILITIES',
    'ENR-POLICY-STATUS-ENUM',
    'ENR-CREATE-DATA-ROUND-TRIP',
    'IDEMP-FIRST-NO-REPLAY-HEADER',
    'SCHEMA-RESPONSE-VALID',
    'SCHEMA-SUCCESS-JSON',
  ],
  async (t) => {
    // The domain drawn into the run's first application: any characters in its id, names of
    // every kind, a key of the whole alphabet up to 255 characters (ending in a unique stamp).
    const request = createBody(t, t.fixture<string>('planFull'), { extra: domainMembers(t, 'create') });
    const stamp = t.idempotencyKey('key');
    const key = draw(t, idempotencyKey({ stamp, minLength: stamp.length + 1 }), 'create key');
    const op = ENROLLMENT_OPERATIONS.createEnrollment;
    // The table's create on this body, under the drawn key (a create names no application: `on` reads its body).
    const ex = await t.send({ ...op.on(t, { id: '', request }), idempotencyKey: key });
    expectSuccessAnswer(t, 'createEnrollment', op, ex, () => expectCreated(t, ex, request));
    const app = t.json<Json>(ex);
    const id = applicationIdOf(app);
    if (id) share(t, 'fullDraft', { id, request, created: app, exchange: ex });
  },
  { needs: { ...writes, fixtures: ['planFull'] } },
);

verify(
  `an application whose primary applicant lacks ${INCOMPLETE_LEAVES_OUT.join(', ')} reports the missing ` +
    `data in errors[]`,
  ['ENR-CREATE-VALIDATION-ERRORS'],
  async (t) => {
    const request = createBody(t, t.fixture<string>('planFull'), { incomplete: true });
    const ex = await t.send(createRequest(request));
    const status = ex.response?.status ?? 0;
    const body = ex.response?.json as Json | undefined;
    // Created with its validation state, or refused as a validation failure: either way errors[] says so.
    const errors = Array.isArray(body?.errors) ? body!.errors : [];
    t.expect.status(ex, [200, 201, 400, 422]);
    t.expect.that(ex, {
      holds: errors.length > 0,
      title: 'missing applicant data not reported',
      expected: 'a non-empty errors[] (on the application, or in the refusal)',
      observed: () => ex.response!.body.slice(0, 300),
    });
    const id = applicationIdOf(body);
    if (status < 300 && id) share(t, 'withErrors', { id, request, created: body!, exchange: ex });
  },
  { needs: { ...writes, fixtures: ['planFull'] } },
);
