/** The flags of `run`; the run profiles' own values come from harness/run-profiles.ts. */
import { DEFAULT_RUN_PROFILE, RUN_PROFILE_NAMES, RUN_PROFILES } from '../harness/run-profiles.js';
import type { FlagTable } from './args.js';
import { DEFAULT_KEEP } from '../engine/report-retention.js';

export const RUN_FLAGS: FlagTable = {
  target: {
    type: 'string',
    value: '<profile.json>',
    help: 'target profile (JSON); default: the embedded reference server',
  },
  'base-url': {
    type: 'string',
    value: '<url>',
    help:
      "with --target, this base URL over the profile's (a preview deployment); alone, a bare profile with the " +
      'conventional key variables and no fixtures',
  },
  'legacy-base-url': {
    type: 'string',
    value: '<url>',
    help: "the older ICHRA API's base URL over the profile's",
  },
  'medicare-base-url': {
    type: 'string',
    value: '<url>',
    help: "the Medicare contact API's base URL over the profile's",
  },
  spec: {
    type: 'string',
    value: '<path|url>',
    help: 'OpenAPI document the schema checks come from (default specs/partner-api.yaml)',
  },
  profile: {
    type: 'string',
    value: '<name>',
    help: `${RUN_PROFILE_NAMES.join(' | ')} (default ${DEFAULT_RUN_PROFILE})`,
  },
  family: { type: 'string', multiple: true, value: '<name>', help: 'only these families (repeatable or comma list)' },
  rule: {
    type: 'string',
    multiple: true,
    value: '<id>',
    help: 'only checks of these rules (repeatable or comma list)',
  },
  'exclude-family': {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: 'leave these families out (repeatable or comma list); the reports name them',
  },
  'exclude-rule': {
    type: 'string',
    multiple: true,
    value: '<id>',
    help:
      'do not hold the target to these rules (repeatable or comma list): never required, never passed, a failure of ' +
      'theirs alone does not fail the run; the reports name them',
  },
  baseline: {
    type: 'string',
    value: '<file>',
    help:
      'failures recorded there are reported known and do not fail the run; a new one fails it, one past its expires ' +
      'date fails again, one that now passes is reported fixed',
  },
  'update-baseline': {
    type: 'boolean',
    help:
      "with --baseline, write the run's failures into the file after the run (created if absent; fixed entries " +
      'removed)',
  },
  seed: { type: 'string', value: '<int>', help: 'fast-check seed, to replay a property failure (default random)' },
  path: {
    type: 'string',
    value: '<path>',
    help: 'fast-check path printed with a property failure: with its --seed, runs that input alone',
  },
  runs: {
    type: 'string',
    value: '<int>',
    help:
      `fast-check runs per property (default by ` +
      `profile: ${RUN_PROFILE_NAMES.map((p) => RUN_PROFILES[p].runs).join(', ')})`,
  },
  strict: {
    type: 'boolean',
    help: 'failed inferred rules fail the run instead of warning (as the target profile\'s "strict": true does)',
  },
  'report-dir': { type: 'string', value: '<dir>', help: 'where reports go (default reports/out/<run-id>/)' },
  keep: {
    type: 'string',
    value: '<n>',
    help:
      'keep the newest n runs under reports/out/, this one included, and remove older ones ' +
      `(default ${DEFAULT_KEEP}); not with --report-dir`,
  },
  'junit-xml': {
    type: 'string',
    value: '<file>',
    help: "also write the run's JUnit report (junit.xml) to <file>, the path a CI's test-report step reads",
  },
  fault: { type: 'string', value: '<name>', help: 'switch on a named fault in the embedded server' },
  variant: {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: 'switch on a named variant in the embedded server (repeatable; with --fault too)',
  },
  shard: {
    type: 'string',
    value: '<i/n>',
    help: 'run only shard i of n of the suite files (vitest --shard), e.g. 2/4, one job per shard',
  },
  'webhook-listen': {
    type: 'string',
    value: '<port>',
    help:
      "remote target: receive its ICHRA webhooks on 127.0.0.1:<port> (behind the profile's " +
      'webhookReceiver.publicUrl)',
  },
  history: {
    type: 'string',
    value: '<dir>',
    help:
      'compare with the last run of this target and run profile kept in <dir> (new since last run, still failing, ' +
      'recovered), then keep this one',
  },
  'alert-after': {
    type: 'string',
    value: '<n>',
    help:
      "with --history, a condition alerts once found in <n> runs in a row (default 1, or the profile's " +
      'alerting.after; an unconfirmed failure never alerts alone)',
  },
  'remind-every': {
    type: 'string',
    value: '<minutes>',
    help: 'with --history, tell each destination again of a condition that still alerts, this often (default never)',
  },
  notify: {
    type: 'string',
    multiple: true,
    value: '[<route>:]<format>=<url>',
    help:
      'with --history, tell <url> of each condition that begins to alert and of its recovery, in format json, slack ' +
      "or pagerduty; with a route (e.g. credentials), only that route's",
  },
  'push-gateway': {
    type: 'string',
    value: '<url>',
    help:
      "push the run's metrics to this Prometheus Pushgateway (job partner_conformance, grouped by target and run " +
      'profile)',
  },
  'metrics-textfile': {
    type: 'string',
    value: '<file|dir>',
    help: "also write the run's metrics there for node_exporter's textfile collector (atomically)",
  },
  help: { type: 'boolean', help: 'this help' },
};
