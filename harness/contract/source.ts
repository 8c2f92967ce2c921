/**
 * Reads the raw text of an OpenAPI document from a path or an http(s) URL, so the run can
 * record the digest of exactly what it tested against.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../errors.js';

/** Bound on fetching a document by URL. */
const SPEC_FETCH_TIMEOUT_MS = 10_000;

export interface DocumentText {
  /** Absolute path or URL, as the parser will name the root file. */
  location: string;
  text: string;
  digest: string;
}

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

export async function readDocumentText(source: string): Promise<DocumentText> {
  const location = isUrl(source) ? source : resolve(source);
  const text = isUrl(source) ? await fetchText(source) : await readLocal(location, source);
  return { location, text, digest: createHash('sha256').update(text).digest('hex') };
}

async function readLocal(location: string, source: string): Promise<string> {
  try {
    return await readFile(location, 'utf8');
  } catch (err) {
    throw unreadable(source, (err as NodeJS.ErrnoException).code ?? String(err));
  }
}

async function fetchText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(SPEC_FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw unreadable(
      url,
      (err as Error).name === 'TimeoutError' ? `no answer within ${SPEC_FETCH_TIMEOUT_MS} ms` : (err as Error).message,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unreadable(url, `HTTP ${response.status}`);
  }
  return response.text();
}

export function unreadable(source: string, why: string): ConfigError {
  return new ConfigError('E_SPEC_UNREADABLE', `cannot read the OpenAPI document ${source}: ${why}`);
}
