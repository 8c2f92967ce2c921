import { describe, expect, it } from 'vitest';
import { renderHtml } from './html-writer.js';
import { sampleFindings, sampleInfo, sampleSummary } from './testing/sample.js';

/** Any attribute that would make the browser fetch something. */
const EXTERNAL = /\b(?:src|href|action|srcset|poster|data)\s*=\s*["']?\s*(?:https?:)?\/\//i;

describe('report.html', () => {
  const page = renderHtml(sampleSummary());

  it('is self-contained: inline style, no scripts, nothing fetched from the network', () => {
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<style>');
    expect(page).not.toMatch(EXTERNAL);
    expect(page).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
  });

  it(
    'shows the counts, and a failure with rule, section, statement, expected, observed, exchange ' + 'and reproduction',
    () => {
      expect(page).toMatch(/<b>4<\/b>checks/);
      expect(page).toMatch(/<b>1<\/b>failed/);
      const card = page.slice(
        page.indexOf('<div class="card failed"'),
        page.indexOf('</div>', page.indexOf('<div class="card failed"')),
      );
      expect(card).toContain('<code>ISSUERS-ORDER</code> (section 2.3, stated)');
      expect(card).toContain('Issuers are ordered by name case-insensitive');
      expect(card).toContain('names in case-insensitive order: &quot;acme&quot; before &quot;Zeta&quot;');
      expect(card).toContain('byte order: &quot;Zeta&quot; before &quot;acme&quot;');
      expect(card).toContain('<details class="exchange" open>');
      expect(card).toContain('GET http://127.0.0.1:9999/v1/reference/issuers?state=TX');
      expect(card).toContain('&quot;hios_issuer_id&quot;: &quot;11111&quot;');
      expect(card).toContain('npx partner-conformance run --family reference --rule ISSUERS-ORDER');
    },
  );

  it('escapes everything a target sent, so a body can never become markup', () => {
    const findings = sampleFindings();
    findings[1]!.exchanges[0]!.response!.body = '<script>alert(1)</script><img src="http://evil.example/x">';
    delete findings[1]!.exchanges[0]!.response!.json;
    const hostile = renderHtml(sampleSummary(sampleInfo(), findings));
    expect(hostile).not.toContain('<script>');
    expect(hostile).not.toMatch(EXTERNAL);
    expect(hostile).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('lists skipped checks with what they need', () => {
    expect(page).toMatch(/<h2>Skipped \(1\)<\/h2>.*cancel a pending application.*fixture planFull/s);
  });

  it('has an evidence block with spec digest and summary digest only for certification', () => {
    expect(page).not.toContain('Certification evidence');
    const summary = sampleSummary(sampleInfo({ runProfile: 'certification' }));
    const cert = renderHtml(summary);
    expect(cert).toContain('Certification evidence');
    expect(cert).toContain('sha256:00ff');
    expect(cert).toContain(summary.digest);
  });
});
