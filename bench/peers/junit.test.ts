import { describe, expect, it } from 'vitest';
import { junitFailures } from './junit.js';
import { signatureOf } from './specmatic.js';
import { signaturesOf } from './schemathesis.js';

const XML = `<?xml version="1.0"?>
<testsuite><testcase name="Scenario: GET /v1/ping -&gt; 200" time="0.1"/>
<testcase name="Contract Tests &gt; contractTest() &gt; Scenario: POST /v1/quotes -&gt; 200" time="0.2">
<failure message="boom">R0002: HTTP status mismatch
Specification expected status 200 but response contained status 400</failure></testcase>
<testcase name="Scenario: GET /v1/reference/issuers -&gt; 200">
<failure>Specification expected status 200 but response contained status 429</failure></testcase>
</testsuite>`;

describe('junitFailures', () => {
  it('returns only failing test cases, with decoded names and texts', () => {
    const failures = junitFailures(XML);
    expect(failures.map((f) => f.name)).toEqual([
      'Contract Tests > contractTest() > Scenario: POST /v1/quotes -> 200',
      'Scenario: GET /v1/reference/issuers -> 200',
    ]);
    expect(failures[0]!.text).toContain('boom');
  });
});

describe('specmatic signatureOf', () => {
  it('names the scenario, the rule and the status; a 429 is no signature', () => {
    const [quotes, issuers] = junitFailures(XML);
    expect(signatureOf(quotes!.name, quotes!.text)).toBe('POST /v1/quotes -> 200 | R0002 HTTP status mismatch (400)');
    expect(signatureOf(issuers!.name, issuers!.text)).toBeNull();
  });
});

describe('schemathesis signaturesOf', () => {
  it('gives one signature per failure code and operation', () => {
    expect(
      signaturesOf({ failures: [{ code: 'ST202', title: 'x', operations: ['POST /v1/quotes', 'GET /v1/ping'] }] }),
    ).toEqual(['ST202 GET /v1/ping', 'ST202 POST /v1/quotes']);
  });
});
