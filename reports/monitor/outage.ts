/**
 * A host of the profile that is down: every check that exchanged with it failed alike, on no
 * answer or a 5xx (after its confirmation), and none of them passed or got another answer. The
 * base URL's host down is the target down (one target-level condition, not one per rule); the
 * older ICHRA or the Medicare host down fails the run as the base URL's would, whatever the
 * strength of the rules its checks name. A check that got an answer other than a 5xx shows the
 * host up: its failure is its rule's. Run-wide checks send nothing and show no host up.
 */
import { unansweredOr5xx } from '../../harness/client/errors.js';
import type { Exchange, Finding } from '../../harness/model.js';

export interface HostOutage {
  /** `api.example.com` (with its port when the URL names one). */
  host: string;
  /** It is the base URL's host: the target is down. */
  target: boolean;
  /** 9 when a check got a 5xx (the host answers, unwell), else 4 (no answer at all). */
  exitCode: 4 | 9;
  /** What the checks got, distinct, in order: `503`, `ECONNRESET`. */
  seen: string[];
  /** Checks that failed alike. */
  checks: number;
  /** One of them was confirmed (every attempt of its window failed), or final at once. */
  confirmed: boolean;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
const seenOf = (ex: Exchange) => (ex.response ? String(ex.response.status) : (ex.error ?? '?'));

/** A finding judged from its own exchanges (run-wide checks, document defects and setup steps are not). */
const judgesHosts = (f: Finding) =>
  f.subject === undefined && f.family !== 'contract' && f.verdict !== 'skipped' && f.verdict !== 'not run';

/** Not passed, and every exchange it sent to the host got no answer or a 5xx. */
const failedAlike = (f: Finding, host: string) =>
  f.verdict !== 'passed' && f.exchanges.filter((ex) => hostOf(ex.request.url) === host).every(unansweredOr5xx);

/** The hosts each finding exchanged with, in order. */
const hostsOf = (f: Finding) => [...new Set(f.exchanges.map((ex) => hostOf(ex.request.url)))];

/** Every host of the run that is down, the target's first. */
export function hostOutages(findings: readonly Finding[], baseUrl: string): HostOutage[] {
  const target = hostOf(baseUrl);
  const byHost = new Map<string, Finding[]>();
  for (const f of findings.filter(judgesHosts))
    for (const host of hostsOf(f)) byHost.set(host, [...(byHost.get(host) ?? []), f]);
  const outages: HostOutage[] = [];
  for (const [host, checks] of byHost) {
    if (!checks.every((f) => failedAlike(f, host))) continue;
    const exchanges = checks.flatMap((f) => f.exchanges.filter((ex) => hostOf(ex.request.url) === host));
    outages.push({
      host,
      target: host === target,
      exitCode: exchanges.some((ex) => ex.response) ? 9 : 4,
      seen: [...new Set(exchanges.map(seenOf))],
      checks: checks.length,
      confirmed: checks.some((f) => f.confirmation?.result !== 'unconfirmed'),
    });
  }
  return outages.sort((a, b) => Number(b.target) - Number(a.target));
}

/** Whether a failure is only what an outage shows: each of its exchanges on a down host, without an answer or a 5xx. */
export function shownByOutage(f: Finding, outages: readonly HostOutage[]): boolean {
  const down = new Set(outages.map((o) => o.host));
  return f.exchanges.length > 0 && f.exchanges.every((ex) => down.has(hostOf(ex.request.url)) && unansweredOr5xx(ex));
}

/** `every check of api.example.com failed alike (503, 502; 6 checks)`. */
export function outageLine(o: HostOutage): string {
  const checks = `${o.checks} check${o.checks === 1 ? '' : 's'}`;
  return `every check of ${o.host} failed alike (${o.seen.join(', ')}; ${checks})`;
}

/** The hosts a run exchanged with (its checks', and the preflight's ping of the base URL's): the outages it judged. */
export function hostsJudged(findings: readonly Finding[], baseUrl: string, pinged: boolean): Set<string> {
  const hosts = new Set(findings.filter(judgesHosts).flatMap(hostsOf));
  if (pinged) hosts.add(hostOf(baseUrl));
  return hosts;
}

export { hostOf };
