/**
 * GET …/payment_redirect (4.14, 3.6), as the provider's PaymentRedirectResponse:
 * `{application_id, method: "POST", endpoint, fields: [{name, value}]}`. The carrier's field
 * names are returned exactly as the carrier spells them: mixed case, dots, hashes and spaces
 * included, so a client that interprets, filters or renames them is caught. `product` and
 * `exchange` are required; the operation documents no 400, so a missing one is a 422 like
 * every other refusal here.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { RouteContext, RouteResult } from '../types.js';
import type { Application } from './application.js';
import { valueAt } from './application.js';
import { carrierOf } from './carriers.js';
import { fail } from './errors.js';
import { ENROLLMENT_FAULTS as F } from './faults.js';
import { paymentRefusal } from './preconditions.js';
import { checkRoutingQuery } from './request.js';
import type { Service } from './service.js';
import { isApplication, lookup } from './service.js';

/** The carrier's hidden-input names, as the carrier spells them (fixture `paymentFieldKeys`). */
export const PAYMENT_FIELD_KEYS = [
  'MemberID',
  'amount_Due',
  'x-Carrier.Ref',
  'policy#',
  'return url',
  'PlanHIOS[id]',
  'Subscriber Last-Name',
] as const;

const FALLBACK_ENDPOINT = 'https://pay.carrier.example/checkout';

function carrierFields(app: Application): Record<string, string> {
  const values: Record<(typeof PAYMENT_FIELD_KEYS)[number], string> = {
    MemberID: `M-${app.id.toUpperCase()}`,
    amount_Due: '412.37',
    'x-Carrier.Ref': `SMH.${app.id}`,
    'policy#': app.id,
    'return url': `https://partner.example/payments/return?enrollment=${encodeURIComponent(app.id)}`,
    'PlanHIOS[id]': String(app.data.plan_hios_id ?? ''),
    'Subscriber Last-Name': String(valueAt(app.data, 'applicants.primary.last_name') ?? ''),
  };
  return values;
}

/** Per-request form signing, as real carriers do: a timestamp and an HMAC over every field. */
const SIGNING_SECRET = 'reference-carrier-signing-secret';

function signed(fields: Record<string, string>, now: Date): Record<string, string> {
  // A nonce beside the clock: two forms of the same instant still differ.
  const stamped = { ...fields, Timestamp: now.toISOString(), Nonce: randomBytes(8).toString('hex') };
  const payload = Object.entries(stamped)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return { ...stamped, Signature: createHmac('sha256', SIGNING_SECRET).update(payload).digest('hex') };
}

/** The fault a client would make: names lower-cased, odd characters replaced. */
function normalised(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

export function paymentRedirect(svc: Service) {
  return (ctx: RouteContext): RouteResult => {
    const app = lookup(svc, ctx);
    if (!isApplication(app)) return app;
    // The fault refuses missing routing with 400, which 4.14 does not list for this operation.
    const refusedWith = ctx.on(F.paymentParams400) ? 400 : 422;
    const params = ctx.on(F.paymentParamsOptional) ? null : checkRoutingQuery(ctx.query, refusedWith, ctx.on);
    if (params) return params;
    const refusal = paymentRefusal(app, ctx.on);
    if (refusal) return fail(refusal.status, refusal.code, refusal.message, refusal.field);

    const rename = ctx.on(F.paymentKeysNormalised) ? normalised : (name: string) => name;
    const carrier = ctx.on(F.paymentSignedFields) ? signed(carrierFields(app), ctx.now()) : carrierFields(app);
    const pairs = Object.entries(carrier).map(([name, value]) => [rename(name), value] as const);
    const body: Record<string, unknown> = {
      application_id: app.id,
      method: 'POST',
      endpoint: carrierOf(app.data.plan_hios_id).payment_endpoint ?? FALLBACK_ENDPOINT,
      fields: ctx.on(F.paymentFieldsMap) ? Object.fromEntries(pairs) : pairs.map(([name, value]) => ({ name, value })),
    };
    if (ctx.on(F.paymentNoMethod)) delete body.method;
    return { status: 200, body };
  };
}
