/**
 * junit.xml against the strict Jenkins xUnit schema (xunit-plugin's junit-10.xsd): the
 * elements each element may hold and the attributes each may carry, transcribed as a table;
 * plus grouping by family and warnings that stay visible.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../harness/model.js';
import { renderJunit } from './junit-writer.js';
import { sampleFindings, sampleInfo, sampleSummary } from './testing/sample.js';
import { findAll, parseXml, type XmlElement } from './testing/xml-check.js';

const OUTCOME = ['type', 'message'];
/** element -> [children it may hold, attributes it may carry, attributes it must carry] (junit-10.xsd). */
const SCHEMA: Record<string, [string[], string[], string[]]> = {
  testsuites: [['testsuite'], ['name', 'time', 'tests', 'failures', 'disabled', 'errors'], []],
  testsuite: [
    ['testsuite', 'properties', 'testcase', 'system-out', 'system-err'],
    [
      'name',
      'tests',
      'failures',
      'errors',
      'time',
      'disabled',
      'skipped',
      'skips',
      'timestamp',
      'hostname',
      'id',
      'package',
      'assertions',
      'file',
      'skip',
      'log',
      'url',
    ],
    ['tests'],
  ],
  properties: [['property'], [], []],
  property: [[], ['name', 'value'], ['name', 'value']],
  testcase: [
    ['skipped', 'error', 'failure', 'rerunFailure', 'rerunError', 'system-out', 'system-err'],
    ['name', 'assertions', 'time', 'timestamp', 'classname', 'status', 'class', 'file', 'line', 'log', 'group', 'url'],
    ['name'],
  ],
  failure: [[], OUTCOME, []],
  error: [[], OUTCOME, []],
  skipped: [[], OUTCOME, []],
  'system-out': [[], [], []],
  'system-err': [[], [], []],
};

function violations(el: XmlElement, path = el.name): string[] {
  const rule = SCHEMA[el.name];
  if (!rule) return [`${path}: element not in the schema`];
  const [children, attrs, required] = rule;
  return [
    ...Object.keys(el.attrs)
      .filter((a) => !attrs.includes(a))
      .map((a) => `${path}: attribute ${a} not allowed`),
    ...required.filter((a) => !(a in el.attrs)).map((a) => `${path}: attribute ${a} required`),
    ...el.children.filter((c) => !children.includes(c.name)).map((c) => `${path}: <${c.name}> not allowed inside`),
    ...el.children.flatMap((c) => violations(c, `${path}/${c.name}`)),
  ];
}

describe('junit.xml and the strict Jenkins xUnit schema', () => {
  it('holds only what junit-10.xsd allows, for every verdict', () => {
    const more: Finding[] = [
      {
        check: 'ping without a key',
        family: 'utility',
        rules: ['PING-200'],
        verdict: 'blocked',
        blockedBy: 'E_TARGET_NOT_LISTENING',
        exchanges: [],
      },
      {
        check: 'ping on a stopped run',
        family: 'utility',
        rules: ['PING-200'],
        verdict: 'not run',
        message: 'not run: the run was interrupted (Ctrl-C) before this check finished',
        exchanges: [],
      },
    ];
    const root = parseXml(renderJunit(sampleSummary(sampleInfo(), [...sampleFindings(), ...more])));
    expect(root.name).toBe('testsuites');
    expect(violations(root)).toEqual([]);
  });

  it('the check itself finds a testcase <properties> and a testsuites skipped attribute', () => {
    const bad = parseXml(
      '<testsuites skipped="1"><testsuite tests="1"><testcase ' +
        'name="x"><properties/></testcase></testsuite></testsuites>',
    );
    expect(violations(bad)).toEqual([
      'testsuites: attribute skipped not allowed',
      'testsuites/testsuite/testcase: <properties> not allowed inside',
    ]);
  });

  it('groups testcases by family and keeps a warning visible, not a plain pass', () => {
    const warning: Finding = {
      check: 'request id echoed',
      family: 'utility',
      rules: ['PING-200'],
      verdict: 'warning',
      expected: 'an X-Request-Id',
      observed: 'none',
      exchanges: [],
    };
    const root = parseXml(renderJunit(sampleSummary(sampleInfo(), [...sampleFindings(), warning])));
    for (const suite of findAll(root, 'testsuite'))
      for (const c of findAll(suite, 'testcase')) expect(c.attrs.classname).toBe(suite.attrs.name);
    const shown = findAll(root, 'testcase').find((c) => c.attrs.name === 'request-id-echoed')!;
    expect(shown.attrs.status).toBe('warning');
    expect(findAll(shown, 'system-out')[0]!.text).toMatch(/^\[warning\] /);
    expect(findAll(shown, 'system-out')[0]!.text).toContain('observed: none');
  });
});
