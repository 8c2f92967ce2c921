/**
 * The probe kit: a small undici client for the reference server's own tests. Every response to
 * a path a contract document describes is validated against it (status and body), so a
 * test that only looks at one field still proves the whole response conforms.
 */
import { request } from 'undici';
import { keyForRole } from '../core/accounts.js';
import { conformanceProblems, type SpecDocument } from './validate.js';

export interface CallOptions {
  /** Key role from reference/data/accounts.json (default `approved`); `null` sends no key. */
  role?: string | null;
  /** A key value to send instead of a role's. */
  key?: string;
  /** JSON body (serialized, with Content-Type application/json unless `contentType` says otherwise). */
  json?: unknown;
  /** Raw body bytes. */
  raw?: Buffer | string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Skip spec validation (fault tests: a fault may break the schema on purpose). */
  unchecked?: boolean;
}

export interface ClientOptions {
  /** Validate every response, `unchecked` calls included, against these documents only (variant tests). */
  documents?: readonly SpecDocument[];
}

interface CallResult {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: any;
}

export type Call = (method: string, path: string, opts?: CallOptions) => Promise<CallResult>;

export function client(baseUrl: string, options: ClientOptions = {}): Call {
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const role = opts.role === undefined ? 'approved' : opts.role;
    if (opts.key !== undefined) headers['x-api-key'] = opts.key;
    else if (role !== null) headers['x-api-key'] = keyForRole(role);
    let body: Buffer | string | undefined = opts.raw;
    if (opts.json !== undefined) body = JSON.stringify(opts.json);
    if (body !== undefined || opts.contentType) headers['content-type'] = opts.contentType ?? 'application/json';
    const res = await request(baseUrl + path, {
      method: method as 'GET',
      headers,
      body,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!opts.unchecked || options.documents) {
      const problems = await conformanceProblems(
        method,
        path.split('?')[0]!,
        res.statusCode,
        parsed,
        options.documents,
      );
      if (problems.length)
        throw new Error(`response does not conform to the spec:\n${problems.join('\n')}\nbody: ${text.slice(0, 500)}`);
    }
    return { status: res.statusCode, headers: flat, text, body: parsed };
  };
}
