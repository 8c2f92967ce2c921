/**
 * `npm run audit:rules`: checks the catalogue's audit and writes docs/rule-audit.md from it;
 * `--check` writes nothing and exits 1 when the page is out of date.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { loadRules } from '../harness/rules.js';
import { auditProblems, type AuditedRule } from '../harness/rule-audit/audit.js';
import { auditPage } from '../harness/rule-audit/table.js';
import { AUDIT_PAGE, auditSources } from '../harness/rule-audit/sources.js';

const rules = loadRules().rules as readonly AuditedRule[];
const problems = auditProblems(rules, auditSources());
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\nfix: edit the rules named above in specs/rules.json\n`);
  process.exit(1);
}
const page = auditPage(rules);
if (process.argv.includes('--check')) {
  const current = existsSync(AUDIT_PAGE) ? readFileSync(AUDIT_PAGE, 'utf8') : '';
  if (current !== page) {
    process.stderr.write(`${relative(process.cwd(), AUDIT_PAGE)} is out of date\nfix: npm run audit:rules\n`);
    process.exit(1);
  }
} else {
  mkdirSync(dirname(AUDIT_PAGE), { recursive: true });
  writeFileSync(AUDIT_PAGE, page);
  process.stdout.write(`${relative(process.cwd(), AUDIT_PAGE)}: ${rules.length} rules\n`);
}
