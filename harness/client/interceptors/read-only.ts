/**
 * Read-only enforcement (production smoke checks): a request with side effects is refused by
 * throwing ReadOnlyViolation before it is handed to undici, so it never leaves the process.
 * The only exceptions are the writes the contract says change nothing that the target profile
 * opts into (`sideEffectFreeWrites`), each matched exactly: its method, and its path as the
 * base URL's prefix plus the template, with no dot segment or doubled slash to route it elsewhere.
 */
import type { Dispatcher } from 'undici';
import { ReadOnlyViolation } from '../../errors.js';

export interface ReadOnlyOptions {
  /** Path templates (`/v1/x/{id}` or `/v1/x/:id`) of GET routes that have side effects. */
  sideEffectGets?: readonly string[];
  /** Writes let through, as `METHOD /path-template` (`POST /v1/quotes`), with no path parameter. */
  allowedWrites?: readonly string[];
  /**
   * Path prefixes of the target's base URLs (`/partner-api`, or empty): an allowed write is one of them plus its
   * template.
   */
  basePaths?: readonly string[];
}

/** Methods that are safe by definition (RFC 9110 section 9.2.1) and that the suite sends. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** A template as a regex on the path's end: a base URL may add a prefix such as `/stage`. */
function templatePattern(template: string): RegExp {
  const body = template
    .replace(/\/+$/, '')
    .split('/')
    .map((seg) => (/^\{[^}]+\}$|^:.+$/.test(seg) ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^(?:/.*)?${body}/?$`, 'i');
}

/** The path as sent and as a server would normalise it (dot segments, doubled slashes). */
function pathForms(path: string): string[] {
  const raw = path.split('?')[0] ?? '';
  let normalised = raw;
  try {
    normalised = new URL(raw, 'http://host').pathname;
  } catch {
    // an unparsable path is matched as sent
  }
  return [raw, normalised].map((p) => p.replace(/\/{2,}/g, '/'));
}

function hasSideEffects(method: string, path: string, patterns: readonly RegExp[]): boolean {
  if (!SAFE_METHODS.has(method.toUpperCase())) return true;
  const forms = pathForms(path);
  return patterns.some((p) => forms.some((f) => p.test(f)));
}

/**
 * Whether `method path` is exactly one of the allowed writes: every form of the path the same, and that one allowed.
 */
function isAllowedWrite(
  method: string,
  path: string,
  allowed: readonly string[],
  basePaths: readonly string[] = [''],
): boolean {
  const [raw, normalised] = pathForms(path);
  if (raw !== normalised || raw !== (path.split('?')[0] ?? '')) return false;
  const upper = method.toUpperCase();
  return allowed.some((write) => {
    const [allowedMethod, template] = write.split(' ');
    return allowedMethod === upper && basePaths.some((base) => `${base}${template}` === raw);
  });
}

/** Interceptor factory: refuses requests with side effects. */
export function readOnlyGuard(options: ReadOnlyOptions = {}) {
  const patterns = (options.sideEffectGets ?? []).map(templatePattern);
  const allowed = options.allowedWrites ?? [];
  const bases = options.basePaths ?? [''];
  return (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch =>
    function readOnlyDispatch(opts, handler) {
      if (hasSideEffects(opts.method, opts.path, patterns) && !isAllowedWrite(opts.method, opts.path, allowed, bases)) {
        throw new ReadOnlyViolation(opts.method, opts.path.split('?')[0] ?? opts.path);
      }
      return dispatch(opts, handler);
    };
}
