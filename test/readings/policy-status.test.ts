/** Policy-status rows (2.7, alpha: content may change between reads) are compared by confirmation_id. */
import { describe, expect, test } from 'vitest';
import { rowKeys } from '../../suites/policy-status/policy-requests.js';

describe('rowKeys', () => {
  test('the confirmation_id of every row, whatever else a row shows or leaves null', () => {
    expect(
      rowKeys([
        { confirmation_id: '441', external_id: null },
        { confirmation_id: 442, plan_year: 2026 },
      ]),
    ).toEqual(['441', '442']);
  });

  test('rows compared whole when any row does not show its id', () => {
    const rows = [{ confirmation_id: '441' }, { id: 'x' }];
    expect(rowKeys(rows)).toEqual(rows.map((r) => JSON.stringify(r)));
  });
});
