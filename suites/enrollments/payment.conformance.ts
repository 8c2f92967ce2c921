/**
 * Payment redirect data (4.14, 2.8, 3.6): requested when payment_redirect_supported is true,
 * it names the carrier endpoint, an HTTP method and the fields, whose keys must reach the
 * shopper's browser exactly as the carrier wrote them. `fields` is a map in the prose and an
 * array of {name, value} in the document (disagreement PAYMENT-FIELDS-FORM): either is read as
 * ordered (key, value) pairs. Values may change between reads (a carrier may sign each form).
 */
import {
  expectSuccessAnswer,
  SkipCheck,
  verify,
  wrongIn,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { fieldValueProblems, FIELDS_FORM, paymentFieldPairs, paymentRedirectSupported } from './application-reader.js';
import { fullDraft, limitedDraft, type Application, type Json } from './applications.js';
import { ENROLLMENT_OPERATIONS } from './operations.js';
import { paymentRequest } from './requests.js';

const METHOD = /^(GET|POST|PUT|PATCH)$/i;

/** The application the payment checks read: a planFull draft that says redirect is supported. */
async function redirectApplication(t: CheckContext): Promise<Application> {
  const app = await fullDraft(t);
  if (paymentRedirectSupported(app.created) !== true) {
    throw new SkipCheck(
      'fixture planFull whose carrier supports payment redirect (payment_redirect_supported is not true)',
    );
  }
  return app;
}

/** The HTTP method: `method` (the document), else any other member holding one (the prose names none). */
function methodOf(body: Json): unknown {
  if (body.method !== undefined) return body.method;
  return Object.entries(body).find(
    ([k, v]) => k !== 'endpoint' && k !== 'fields' && typeof v === 'string' && METHOD.test(v),
  )?.[1];
}

/** A 200's redirect data: the carrier endpoint, an HTTP method and the fields (the family's claims on it). */
function expectRedirectData(t: CheckContext, ex: Exchange): void {
  const pay = t.expect.rules('ENR-PAYMENT-200');
  const body = t.json<Json>(ex) ?? {};
  pay.that(ex, {
    holds: typeof body.endpoint === 'string' && URL.canParse(body.endpoint),
    title: 'no endpoint URL',
    expected: 'endpoint: an absolute URL',
    observed: `endpoint ${JSON.stringify(body.endpoint)}`,
  });
  const method = methodOf(body);
  pay.that(ex, {
    holds: typeof method === 'string' && METHOD.test(method),
    title: 'no HTTP method',
    expected: 'method: an HTTP method (e.g. "POST")',
    observed: () => `method ${JSON.stringify(method)}; members ${Object.keys(body).join(', ')}`,
  });
  pay.that(ex, {
    holds: paymentFieldPairs(body.fields) !== undefined,
    title: 'no fields',
    expected: 'fields: an array of {name, value} (the document) or a map of carrier keys to values (the prose)',
    observed: `fields ${JSON.stringify(body.fields)}`,
  });
}

verify(
  'payment redirect returns 200 with the carrier endpoint URL, an HTTP method and the fields (a map or an ' +
    'array of name and value)',
  ['ENR-PAYMENT-200', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const app = await redirectApplication(t);
    const op = ENROLLMENT_OPERATIONS.getEnrollmentPaymentRedirect;
    const ex = await t.send(op.on(t, app));
    expectSuccessAnswer(t, 'getEnrollmentPaymentRedirect', op, ex, () => expectRedirectData(t, ex));
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'payment redirect fields keep the carrier keys unchanged, each with a value a hidden input can carry',
  ['ENR-PAYMENT-FIELDS-VERBATIM'],
  async (t) => {
    const app = await redirectApplication(t);
    const ex = await t.send(paymentRequest(app.id));
    t.expect.status(ex, 200);
    const fields = t.json<Json>(ex)?.fields;
    const pairs = paymentFieldPairs(fields) ?? [];
    t.expect.that(ex, {
      holds: pairs.length > 0,
      title: 'no fields',
      expected: 'at least one carrier field',
      observed: () => ex.response!.body.slice(0, 300),
    });
    const keys = pairs.map(([key]) => String(key));
    // The keys the target's test carrier returns, case and odd characters included (when the profile names them),
    // each handed over as it is; a carrier may add keys of its own to a form (a per-request timestamp and signature).
    const expected = t.target.fixture('paymentFieldKeys');
    if (Array.isArray(expected)) {
      const missing = expected.map(String).filter((k) => !keys.includes(k));
      t.expect.that(ex, {
        holds: missing.length === 0,
        title: 'field keys changed',
        expected: `every carrier key unchanged: ${JSON.stringify(expected)}`,
        observed: `missing ${JSON.stringify(missing)}; keys ${JSON.stringify(keys)}`,
      });
    }
    const { wrong, scalars } = fieldValueProblems(fields);
    t.expect.that(ex, {
      holds: wrong.length === 0,
      title: 'fields a hidden form input cannot carry',
      expected: 'every field a non-empty string key with a string value (a JSON scalar in the map form)',
      observed: () => JSON.stringify(wrong.slice(0, 5)),
    });
    t.expect.oneSourceAllows(ex, {
      disagreement: FIELDS_FORM,
      holds: scalars.length === 0,
      title: 'map values that are not strings',
      expected: "string values (the document's {name, value})",
      observed: () => JSON.stringify(scalars.slice(0, 5)),
    });
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'payment redirect for a carrier without payment redirect gets 422',
  ['ENR-PAYMENT-UNSUPPORTED-422'],
  async (t) => {
    const app = await limitedDraft(t);
    if (paymentRedirectSupported(app.created) !== false) {
      throw new SkipCheck('fixture planLimited whose carrier does not support payment redirect');
    }
    const ex = await t.send(paymentRequest(app.id));
    t.expect.status(ex, 422);
    t.expect.errorsEnvelope(ex);
  },
  { needs: { writes: true, fixtures: ['planLimited'] } },
);

verify(
  'payment redirect without product and exchange is rejected with a 4xx',
  ['ENR-PAYMENT-PARAMS-REQUIRED'],
  async (t) => {
    const app = await redirectApplication(t);
    const ex = await t.send({ ...paymentRequest(app.id), query: {}, ...wrongIn('product', 'exchange') });
    t.expect.status(ex, [400, 422]);
    t.expect.errorsEnvelope(ex);
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);
