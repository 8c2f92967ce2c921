/** The issuers-order oracle on exchanges of its own: what must pass, what must fail, and what it leaves alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TargetContext } from '../../harness/target.js';
import { cut, documentsTarget, entry, judge, verdicts } from './journal.test-helpers.js';
import { ISSUER_ORDER_RULES, issuersInOrder } from './orders.js';

let target: TargetContext;
beforeAll(async () => {
  target = await documentsTarget();
});

const orders = (...entries: Parameters<typeof judge>[3][]) =>
  judge(target, issuersInOrder, ISSUER_ORDER_RULES, ...entries);
const issuers = (query: string, names: Array<[string, string]>, status = 200) =>
  entry('GET', `/v1/reference/issuers?${query}`, status, {
    issuers: names.map(([name, hios_issuer_id]) => ({ name, hios_issuer_id })),
  });

describe('every issuers answer lists them by name, ties by id', () => {
  it('passes a list in order for any plan year the request asked with', () => {
    const past = issuers('state=KY&plan_year=2020', [
      ['anthem', '36239'],
      ['Baptist', '12345'],
      ['Baptist', '23456'],
    ]);
    expect(verdicts(orders(past))).toEqual([['passed', ISSUER_ORDER_RULES]]);
  });

  it('fails a list in id order on a request no issuers check sent, by ISSUERS-ORDER', () => {
    const byId = issuers('plan_year=2020&state=KY', [
      ['Limestone', '11111'],
      ['Anthem', '36239'],
    ]);
    const failed = orders(byId).filter((f) => f.verdict === 'failed');
    expect(failed.map((f) => f.rules)).toEqual([['ISSUERS-ORDER']]);
    expect(failed[0]!.observed).toContain('Limestone');
  });

  it('fails equal names out of id order by ISSUERS-ORDER-TIEBREAK alone', () => {
    const ties = issuers('state=KY', [
      ['Baptist', '23456'],
      ['Baptist', '12345'],
    ]);
    expect(verdicts(orders(ties).filter((f) => f.verdict === 'failed'))).toEqual([
      ['failed', ['ISSUERS-ORDER-TIEBREAK']],
    ]);
  });

  it('judges no list of one issuer, no refusal, no cut body', () => {
    const [finding] = orders(
      issuers('state=KY', [['Anthem', '36239']]),
      issuers('state=K', [], 400),
      cut(
        issuers('state=TX', [
          ['b', '1'],
          ['a', '2'],
        ]),
      ),
    );
    expect(finding).toMatchObject({ verdict: 'skipped', needs: issuersInOrder.needs });
  });
});
