/**
 * The answers of reference-data variants: issuer names with accents in collation order,
 * provider rows with the members a directory lacks set to null, and paging links.
 */
import { bodyOf } from '../core/declare-fault.js';
import type { RequestView } from '../core/switch.js';
import type { RouteResult } from '../types.js';

type Row = Record<string, unknown>;

/** A leading vowel takes an accent (Anthem → Ánthem); other names stay, so both orders differ. */
const ACCENTED: Record<string, string> = {
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ö',
  U: 'Ü',
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
};
/** Case-insensitive, accent-aware: what a database with a Unicode collation orders by. */
const COLLATOR = new Intl.Collator('und', { sensitivity: 'accent' });

export function unicodeIssuers(rows: Row[]): Row[] {
  const renamed = rows.map((r): Row => {
    const name = String(r.name);
    return { ...r, name: (ACCENTED[name[0]!] ?? name[0]!) + name.slice(1) };
  });
  return renamed.sort(
    (a, b) =>
      COLLATOR.compare(String(a.name), String(b.name)) ||
      (String(a.hios_issuer_id) < String(b.hios_issuer_id) ? -1 : 1),
  );
}

/**
 * Members the provider's document types `string | null`, set to null on some providers: chosen
 * by NPI, so a provider reads the same on every page.
 */
export function nullableMembers(rows: Row[]): Row[] {
  return rows.map((p) => {
    const n = Number(String(p.npi).slice(-3));
    return {
      ...p,
      ...(n % 2 === 0 ? { credential: null, specialization: null, organization_name: null } : {}),
      ...(n % 3 === 0 ? { address_line_1: null, city: null, state: null, zip_code: null } : {}),
    };
  });
}

/** Paging metadata beyond the contract's names, and links to the neighbouring pages. */
export function pageLinks(req: RequestView, res: RouteResult): RouteResult {
  const body = bodyOf(res);
  const meta = body?.meta as { page_number: number; page_size: number; result_count: number } | undefined;
  if (res.status !== 200 || !body || !meta) return res;
  const pages = Math.max(1, Math.ceil(meta.result_count / meta.page_size));
  const at = (n: number) => {
    const query = new URLSearchParams({
      ...req.query,
      'page[number]': String(n),
      'page[size]': String(meta.page_size),
    });
    return `${req.path}?${query.toString()}`;
  };
  return {
    ...res,
    body: {
      ...body,
      meta: { ...meta, total_pages: pages, has_more: meta.page_number < pages },
      links: {
        self: at(meta.page_number),
        next: meta.page_number < pages ? at(meta.page_number + 1) : null,
        prev: meta.page_number > 1 ? at(meta.page_number - 1) : null,
      },
    },
  };
}
