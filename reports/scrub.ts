/**
 * Last line of defence for secrets: the client already redacts every exchange, but a finding
 * can also carry error text; every string of a finding passes through the same redaction.
 * Names the target chose (header names, JSON members) are redacted too; the finding's own
 * structure (its member names, verdict, family and rule ids) is not, so a short key value
 * cannot rename `check` or turn `skipped` into something no report counts.
 */
import { redact } from '../harness/client/redact.js';
import type { Finding } from '../harness/model.js';

/** Members whose object keys come from the target, not from the Finding type. */
const FREE_MAPS = new Set(['headers', 'json']);

function scrubValue(value: unknown, secrets: readonly string[], freeKeys: boolean): unknown {
  if (typeof value === 'string') return redact(value, secrets);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets, freeKeys));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        freeKeys ? redact(k, secrets) : k,
        scrubValue(v, secrets, freeKeys || FREE_MAPS.has(k)),
      ]),
    );
  }
  return value;
}

export function scrubFinding(finding: Finding, secrets: readonly string[]): Finding {
  const live = secrets.filter((s) => s.length > 0);
  if (!live.length) return finding;
  const scrubbed = scrubValue(finding, live, false) as Finding;
  return { ...scrubbed, verdict: finding.verdict, family: finding.family, rules: finding.rules };
}
