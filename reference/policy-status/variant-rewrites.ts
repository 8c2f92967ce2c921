/** The answers of policy-status variants: statuses with nothing reported, other paging names, lean rows. */

type Row = Record<string, unknown>;

/** A policy status the carrier has reported nothing for: every member null. */
export const allNull = (item: Row): Row => Object.fromEntries(Object.keys(item).map((k) => [k, null]));

/** Pagination with metadata of other names besides limit and offset. */
export function morePagination(body: Record<string, any>): Record<string, unknown> {
  const { limit, offset } = body.pagination as { limit: number; offset: number };
  const rows = (body.applications as unknown[]).length;
  const hasMore = rows === limit;
  return {
    ...body,
    pagination: { ...body.pagination, count: rows, has_more: hasMore, next_offset: hasMore ? offset + limit : null },
  };
}

export const minimalRow = (row: Row): Row => ({ confirmation_id: row.confirmation_id });

/** Each policy status followed by a second line of the same household (its own policy id). */
export function twoLines(items: Row[]): Row[] {
  return items.flatMap((item) => [
    item,
    {
      ...item,
      exchange_assigned_policy_id:
        typeof item.exchange_assigned_policy_id === 'string' ? `${item.exchange_assigned_policy_id}-D` : null,
    },
  ]);
}
