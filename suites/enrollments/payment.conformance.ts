/**
 * Payment redirect data (4.14, 2.8, 3.6): requested when payment_redirect_supported is true,
 * it names the carrier endpoint, an HTTP method and the fields, whose keys must reach the
 * shopper's browser exactly as the carrier wrote them.
 */
import { SkipCheck, verify, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import { fullDraft, limitedDraft, type Application, type Json } from './applications.js';
import { paymentRequest } from './requests.js';

const METHOD = /^(GET|POST|PUT|PATCH)$/i;

/** The application the payment checks read: a planFull draft that says redirect is supported. */
async function redirectApplication(t: CheckContext): Promise<Application> {
  const app = await fullDraft(t);
  if (app.created.payment_instructions?.payment_redirect_supported !== true) {
    throw new SkipCheck('fixture planFull whose carrier supports payment redirect (payment_redirect_supported is not true)');
  }
  return app;
}

const fieldsOf = (ex: Exchange): unknown => (ex.response?.json as Json | undefined)?.fields;
const isMap = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

verify(
  'payment redirect returns 200 with the carrier endpoint URL, an HTTP method and a fields map',
  ['ENR-PAYMENT-200', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const app = await redirectApplication(t);
    const ex = await t.send(paymentRequest(app.id));
    const pay = t.expect.rules('ENR-PAYMENT-200');
    pay.status(ex, 200);
    const body = t.json<Json>(ex) ?? {};
    pay.that(ex, { holds: typeof body.endpoint === 'string' && URL.canParse(body.endpoint), title: 'no endpoint URL', expected: 'endpoint: an absolute URL', observed: `endpoint ${JSON.stringify(body.endpoint)}` });
    // The member naming the method is not shown: any member (besides endpoint and fields) holding one.
    const method = Object.entries(body).find(([k, v]) => k !== 'endpoint' && k !== 'fields' && typeof v === 'string' && METHOD.test(v));
    pay.that(ex, { holds: method !== undefined, title: 'no HTTP method', expected: 'a member holding the HTTP method (e.g. method: "POST")', observed: () => `members ${Object.keys(body).join(', ')}` });
    pay.that(ex, { holds: isMap(body.fields), title: 'no fields map', expected: 'fields: an object of carrier keys and values', observed: `fields ${JSON.stringify(body.fields)}` });
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'getEnrollmentPaymentRedirect');
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'payment redirect fields keep the carrier keys unchanged, the same on every read',
  ['ENR-PAYMENT-FIELDS-VERBATIM'],
  async (t) => {
    // The exact keys the target's test carrier returns, case and odd characters included.
    const expected = t.fixture<string[]>('paymentFieldKeys');
    const app = await redirectApplication(t);
    const first = await t.send({ ...paymentRequest(app.id), label: 'first read' });
    t.expect.status(first, 200);
    const fields = fieldsOf(first);
    const keys = isMap(fields) ? Object.keys(fields).sort() : [];
    const wanted = [...expected].sort();
    t.expect.that(first, {
      holds: JSON.stringify(keys) === JSON.stringify(wanted),
      title: 'field keys changed',
      expected: `keys exactly ${JSON.stringify(wanted)}`,
      observed: `keys ${JSON.stringify(keys)}`,
    });
    const second = await t.send({ ...paymentRequest(app.id), label: 'second read' });
    t.expect.status(second, 200);
    t.expect.that(second, {
      holds: JSON.stringify(fieldsOf(second)) === JSON.stringify(fields),
      title: 'fields differ between reads',
      expected: `the same fields as the first read: ${JSON.stringify(fields)}`,
      observed: JSON.stringify(fieldsOf(second)),
    });
  },
  { needs: { writes: true, fixtures: ['planFull', 'paymentFieldKeys'] } },
);

verify(
  'payment redirect for a carrier without payment redirect gets 422',
  ['ENR-PAYMENT-UNSUPPORTED-422'],
  async (t) => {
    const app = await limitedDraft(t);
    if (app.created.payment_instructions?.payment_redirect_supported !== false) {
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
    const ex = await t.send({ ...paymentRequest(app.id), query: {} });
    t.expect.status(ex, [400, 422]);
    t.expect.errorsEnvelope(ex);
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);
