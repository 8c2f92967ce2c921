/**
 * Quote request bodies the provider document accepts: its own example (GA 30301 / Fulton 13121,
 * plan year 2026) and variants of it, for the fault paths, the tests and the fault probes.
 */
import { providerDocument } from '../core/provider-document.js';

type Body = Record<string, any>;

/** The request example of createQuote in the provider's document (a fresh copy each call). */
export function documentQuoteExample(): Body {
  return structuredClone(
    providerDocument().paths['/v1/quotes'].post.requestBody.content['application/json'].example,
  ) as Body;
}

/**
 * The document's example with members replaced: `context`, `location` and `household` merge
 * into the example's; anything else (sort, page, filters, include) replaces or adds a member.
 */
export function quoteRequestBody(
  overrides: { context?: Body; location?: Body; household?: Body; [member: string]: unknown } = {},
): Body {
  const base = documentQuoteExample();
  const { context, location, household, ...rest } = overrides;
  return {
    ...base,
    context: { ...base.context, ...context },
    location: { ...base.location, ...location },
    household: { ...base.household, ...household },
    ...rest,
  };
}

/** The fixture county of specs/profiles/reference.json: Louisville, Jefferson County, KY. */
export const KY_LOCATION = { zip_code: '40202', fips_code: '21111', state: 'KY' } as const;
