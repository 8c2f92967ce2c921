/**
 * Older ICHRA interface, the application deeplink `POST /public/ichra/off_ex` (4.16). Its
 * body is not shown: the request names the plan and ZIP code the target has, and the answer
 * must carry an absolute http(s) URL, wherever the target puts it.
 */
import { verify } from '../../harness/suite/index.js';
import { expectSuccess, urlIn } from './legacy-requests.js';
import { LEGACY_OPERATIONS } from './operations.js';

const { legacyCreateOffExchangeDeeplink: deeplink } = LEGACY_OPERATIONS;

verify(
  'the off-exchange deeplink answer carries a URL',
  ['LEGACY-DEEPLINK', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const ex = await t.send(await deeplink.request(t));
    expectSuccess(t, ex, 'the deeplink request', 'LEGACY-DEEPLINK', 'legacyCreateOffExchangeDeeplink');
    const body = t.json(ex);
    t.expect.that(ex, {
      holds: urlIn(body) !== undefined,
      title: 'no deeplink URL',
      expected: 'an absolute http(s) URL among the members of the answer',
      observed: () => `body ${JSON.stringify(body)?.slice(0, 300)}`,
    });
  },
  { needs: { fixtures: ['legacyPlanHiosId', 'zipCode'] } },
);
