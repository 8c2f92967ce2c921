/**
 * Older ICHRA interface, quotes and APTC estimates (4.16). The contract shows only the APTC
 * sample request; quotes get the same household. APTC estimates answer under two paths that
 * the contract names as one endpoint.
 */
import { expectSuccessAnswer, verify, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import { computedOf, shapeOf } from './legacy-requests.js';
import { LEGACY_OPERATIONS } from './operations.js';

/** The two operations the contract answers with 200 JSON, each with its check: the body must be JSON. */
const JSON_ANSWERS = [
  {
    title: 'legacy quotes answer a household quote request with 200 JSON',
    rules: ['LEGACY-QUOTES', 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID'],
    operationId: 'legacyCreateQuote',
    what: 'quote',
  },
  {
    title: 'APTC estimates answer the contract sample with 200 JSON',
    rules: ['LEGACY-APTC', 'SCHEMA-SUCCESS-JSON'],
    operationId: 'legacyCreateAptcEstimate',
    what: 'APTC',
  },
] as const;

for (const { title, rules, operationId, what } of JSON_ANSWERS) {
  const op = LEGACY_OPERATIONS[operationId];
  verify(
    title,
    [...rules],
    async (t) => {
      const ex = await t.send(await op.request(t));
      expectSuccessAnswer(t, operationId, op, ex, () =>
        t.expect.rules(op.success.rule).that(ex, {
          holds: t.json(ex) !== undefined,
          title: `${what} answer is not JSON`,
          expected: 'a JSON body',
          observed: () => `body ${JSON.stringify(ex.response?.body.slice(0, 200))}`,
        }),
      );
    },
    { needs: op.needs },
  );
}

const aptc = LEGACY_OPERATIONS.legacyCreateAptcEstimate;
/** A route's path as the documents write it: `POST /aptc_estimates` -> `/aptc_estimates`. */
const pathOf = (route: string): string => route.slice(route.indexOf(' ') + 1);

/**
 * The run's latest answer on `route` to the request `ex` sent (its body, with its key role): the family's APTC check
 * sends the sample there already, so the comparison costs no request of its own.
 */
const sameRequestAt = (t: CheckContext, ex: Exchange, route: string): Exchange | undefined =>
  t.target.client
    .exchanges()
    .findLast(
      (e) =>
        e.operation === route && e.role === ex.role && e.request.body === ex.request.body && e.response !== undefined,
    );

verify(
  'POST /aptc_estimates answers like POST /api/v1/aptc_estimates (same status class, same body shape)',
  ['LEGACY-APTC-ALIAS', 'LEGACY-APTC', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    // Every other route the entry gives the operation under (`alsoAt`) answers as its own does: a success as stated.
    for (const route of aptc.alsoAt) {
      const alias = await t.send({ ...(await aptc.request(t)), path: pathOf(route) });
      const canonical = sameRequestAt(t, alias, aptc.route) ?? (await t.send(await aptc.request(t)));
      const [a, b] = [canonical, alias].map((ex) => ex.response?.status);
      t.expect.that(alias, {
        holds: a !== undefined && b !== undefined && Math.floor(a / 100) === Math.floor(b / 100),
        title: 'the two APTC paths answer with different status classes',
        expected: `a ${a === undefined ? '?' : Math.floor(a / 100)}xx status, as ${pathOf(aptc.route)} answered`,
        observed: `status ${b ?? 'none'} from ${pathOf(route)}`,
      });
      // After the comparison: a path the target does not serve is the alias's failure, not the estimate's.
      expectSuccessAnswer(t, 'legacyCreateAptcEstimate', aptc, alias);
      const [shapeA, shapeB] = [canonical, alias].map((ex) => JSON.stringify(shapeOf(t.json(ex))));
      t.expect.that(alias, {
        holds: shapeA === shapeB,
        title: 'the two APTC paths answer with different body shapes',
        expected: `the body shape of ${pathOf(aptc.route)}: ${shapeA}`,
        observed: `${shapeB}`,
      });
      // One endpoint computes one estimate from one request: the values agree too, ids and times aside.
      const [valuesA, valuesB] = [canonical, alias].map((ex) => JSON.stringify(computedOf(t.json(ex))));
      t.expect.rules('LEGACY-APTC-ALIAS').that(alias, {
        holds: shapeA !== shapeB || valuesA === valuesB,
        title: 'the two APTC paths estimate the same request differently',
        expected: `the values ${pathOf(aptc.route)} answered: ${valuesA}`,
        observed: `${valuesB}`,
      });
    }
  },
  { needs: aptc.needs },
);
