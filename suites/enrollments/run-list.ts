/**
 * A list only this run writes: applications created one after another (so their order is never a
 * tie) under an employer id unique to the run, in `hra.employer.external_id` (the provider
 * document's place for it), and listed with the `employer_external_id` filter (4.9). No other
 * check or client touches them, so pages of that list are a stable list and a page check is
 * never a race with concurrent writes.
 */
import { SkipCheck, type ApiRequest, type CheckContext } from '../../harness/suite/index.js';
import { createApplication, once } from './applications.js';
import { expectRows, rowIds } from './observe.js';
import { listRequest } from './requests.js';

/** Rows of the run's list: enough for two pages of 2 and a third row past them. */
export const RUN_LIST_ROWS = 5;

export interface RunList {
  employer: string;
  /** Application ids in creation order. */
  ids: string[];
}

/** Create-body members that file an application under `employer` (the document's HRA employer). */
export const employerMembers = (employer: string): Record<string, unknown> => ({
  hra: { offered_hra: true, type: 'ichra', employer: { name: 'Conformance Employer', external_id: employer } },
});

/** The run's list, made by the first check that asks (its exchanges join that check's finding). */
export function runList(t: CheckContext): Promise<RunList> {
  return once(t, 'runList', async () => {
    const employer = t.idempotencyKey('employer');
    const ids: string[] = [];
    for (let i = 0; i < RUN_LIST_ROWS; i += 1) {
      ids.push((await createApplication(t, 'planFull', { extra: employerMembers(employer) })).id);
    }
    return { employer, ids };
  });
}

/** A list request for the run's applications only. */
export const runListRequest = (list: RunList, query: Record<string, string | number | undefined>, label: string): ApiRequest =>
  ({ ...listRequest({ employer_external_id: list.employer, ...query }), label });

/**
 * The run's list, once it is shown to hold exactly the applications the run created: a target
 * that files the employer elsewhere cannot show its pages this way, so the check is skipped.
 */
export async function listedRunList(t: CheckContext): Promise<RunList> {
  const list = await runList(t);
  const ex = await t.send(runListRequest(list, { limit: 100, offset: 0 }, 'the run\'s applications, by employer_external_id'));
  const listed = rowIds(expectRows(t.expect, ex));
  const same = listed.length === list.ids.length && list.ids.every((id) => listed.includes(id));
  if (!same) throw new SkipCheck(`the ${list.ids.length} applications this run created with hra.employer.external_id, listed by employer_external_id (${listed.length} rows listed)`);
  return list;
}
