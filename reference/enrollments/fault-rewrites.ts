/** Answers of direct-enrollment faults that rewrite application data on the way out. */
import type { RouteResult } from '../types.js';

type Json = Record<string, any>;

/** The primary applicant of a create body. */
export const primaryOf = (body: Json): Json => (body.applicants as { primary: Json }).primary;

/** A name folded to ASCII: accents stripped, letters of other scripts dropped. */
const fold = (name: unknown): unknown =>
  typeof name === 'string'
    ? name
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\x20-\x7e]/g, '')
    : name;

function foldPrimary(app: Json | undefined): Json | undefined {
  const primary = app?.applicants?.primary as Json | undefined;
  if (!primary) return app;
  return {
    ...app,
    applicants: {
      ...app!.applicants,
      primary: { ...primary, first_name: fold(primary.first_name), last_name: fold(primary.last_name) },
    },
  };
}

/** An application answer (create, read, PUT; flat or under `application`) with its applicant's names folded. */
export function foldedNames(res: RouteResult): RouteResult {
  const body = res.body as Json | undefined;
  if (res.status >= 300 || !body || typeof body !== 'object') return res;
  return {
    ...res,
    body: body.application ? { ...body, application: foldPrimary(body.application) } : foldPrimary(body),
  };
}

/** Service failures of this family carry `errors[]`; these read it. */
export function errorsOf(res: RouteResult): Array<{ code: string; message: string }> | undefined {
  const body = res.body as { errors?: unknown } | undefined;
  return res.status >= 400 && Array.isArray(body?.errors)
    ? (body!.errors as Array<{ code: string; message: string }>)
    : undefined;
}
