/**
 * A list only this run writes: applications created one after another (so their order is never a
 * tie) under an employer id unique to the run, in `hra.employer.external_id` (the provider
 * document's place for it), and listed with the `employer_external_id` filter (4.9). No other
 * check or client touches them, so pages of that list are a stable list and a page check is
 * never a race with concurrent writes. A target that cannot list them so has its account's list
 * paged instead, between two reads of its first rows (pagedList).
 */
import {
  readWhileStill,
  RuleViolation,
  SkipCheck,
  type ApiRequest,
  type CheckContext,
} from '../../harness/suite/index.js';
import { createApplication, once } from './applications.js';
import { applicationRowsOf } from './application-reader.js';
import { rowIds } from './observe.js';
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
function runList(t: CheckContext): Promise<RunList> {
  return once(t, 'runList', async () => {
    const employer = t.idempotencyKey('employer');
    const ids: string[] = [];
    for (let i = 0; i < RUN_LIST_ROWS; i += 1) {
      try {
        ids.push((await createApplication(t, 'planFull', { extra: employerMembers(employer) })).id);
      } catch (e) {
        // A create refused is the create checks' matter; these checks only lack their list.
        if (e instanceof RuleViolation)
          throw new SkipCheck(
            `applications created under an employer (hra.employer.external_id); the target ` +
              `refused: ${e.observed.slice(0, 120)}`,
          );
        throw e;
      }
    }
    return { employer, ids };
  });
}

/** A list request for the run's applications only. */
export const runListRequest = (
  list: RunList,
  query: Record<string, string | number | undefined>,
  label: string,
): ApiRequest => ({ ...listRequest({ employer_external_id: list.employer, ...query }), label });

/**
 * The run's list, once it is shown to hold exactly the applications the run created: a target
 * that files the employer elsewhere, or refuses the filter (ENR-LIST-FILTER-EMPLOYER's matter),
 * cannot show its pages this way, so the check is skipped.
 */
export function listedRunList(t: CheckContext): Promise<RunList> {
  // Shown once a run: no one else writes under the run's employer, so a second read would agree.
  return once(t, 'listedRunList', () => showListed(t));
}

async function showListed(t: CheckContext): Promise<RunList> {
  const list = await runList(t);
  const ex = await t.send(
    runListRequest(list, { limit: 100, offset: 0 }, "the run's applications, by employer_external_id"),
  );
  const rows = ex.response?.status === 200 ? applicationRowsOf(ex.response.json) : undefined;
  const listed = rows ? rowIds(rows) : [];
  const same = listed.length === list.ids.length && list.ids.every((id) => listed.includes(id));
  if (!same) {
    const seen = rows ? `${listed.length} rows listed` : `status ${ex.response?.status ?? 'none'}`;
    throw new SkipCheck(
      `the ${list.ids.length} applications this run created with hra.employer.external_id, listed by ` +
        `employer_external_id (${seen})`,
    );
  }
  return list;
}

/** The list the offset checks page, and how its reads are made safe from concurrent writes. */
export interface PagedList {
  /** What is paged, for a report. */
  what: string;
  request(query: Record<string, string | number | undefined>, label: string): ApiRequest;
  /** Runs `reads` so no concurrent write spoils them; undefined when the list never held still. */
  still<T>(reads: () => Promise<T>): Promise<T | undefined>;
}

/**
 * The run's own list; where the target cannot list it by employer, the account's list, read
 * between two reads of its first rows (readWhileStill): a verdict is never a race either way.
 */
export async function pagedList(t: CheckContext): Promise<PagedList> {
  try {
    const list = await listedRunList(t);
    return {
      what: "the run's own applications",
      request: (q, label) => runListRequest(list, q, label),
      still: (reads) => reads(),
    };
  } catch (e) {
    if (!(e instanceof SkipCheck)) throw e;
  }
  const anchor = async (): Promise<string> => {
    const ex = await t.send({ ...listRequest({ limit: 4, offset: 0 }), label: 'the first rows, before and after' });
    const rows = ex.response?.status === 200 ? applicationRowsOf(ex.response.json) : undefined;
    return `${ex.response?.status} ${rows ? rowIds(rows).join() : ''}`;
  };
  return {
    what: "the account's applications",
    request: (q, label) => ({ ...listRequest(q), label }),
    still: (reads) => readWhileStill(anchor, reads),
  };
}
