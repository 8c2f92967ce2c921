/** `rules`: the catalogue, with the suite files that cover each rule and the faults that break it. */
import { FAMILIES, type Family, type Rule } from '../harness/model.js';
import { loadRules } from '../harness/rules.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import type { RunIO } from '../engine/io.js';
import { PROJECT_ROOT } from '../harness/paths.js';
import { ruleCoverage, type CoverageSite } from './rule-coverage.js';
import { familiesOf } from '../engine/plan-inputs.js';

export const RULES_FLAGS: FlagTable = {
  family: { type: 'string', multiple: true, value: '<name>', help: 'only rules of these families' },
  json: { type: 'boolean', help: 'print JSON instead of text' },
  families: { type: 'boolean', help: 'list the families with their rule counts' },
  help: { type: 'boolean', help: 'this help' },
};

export const RULES_HELP = `partner-conformance rules [flags]

Lists the rule catalogue (specs/rules.json): each rule's section, strength and statement,
the suite files that verify it, and the reference-server faults that break it.

${flagHelp(RULES_FLAGS)}
`;

export interface RuleEntry extends Rule {
  coveredBy: CoverageSite[];
  faults: string[];
}

export async function ruleEntries(catalogue: readonly Rule[]): Promise<RuleEntry[]> {
  const coverage = await ruleCoverage(PROJECT_ROOT, new Set(catalogue.map((r) => r.id)));
  const { listFaults } = await import('../reference/server.js');
  const faults = listFaults();
  return catalogue.map((rule) => ({
    ...rule,
    coveredBy: coverage.get(rule.id) ?? [],
    faults: faults.filter((f) => f.rules.includes(rule.id)).map((f) => f.name),
  }));
}

function renderText(entries: readonly RuleEntry[]): string {
  const lines: string[] = [];
  for (const family of FAMILIES) {
    const mine = entries.filter((e) => e.families[0] === family);
    if (!mine.length) continue;
    lines.push(`${family} (${mine.length} rules)`);
    for (const e of mine) {
      lines.push(`  ${e.id}  §${e.section}  ${e.strength}${e.writes ? ', writes' : ''}`, `      ${e.statement}`);
      lines.push(
        `      covered by: ${e.coveredBy.length ? e.coveredBy.map((s) => `${s.file}:${s.line}`).join(', ') : 'none'}`,
      );
      if (e.faults.length) lines.push(`      faults: ${e.faults.join(', ')}`);
    }
    lines.push('');
  }
  const uncovered = entries.filter((e) => e.coveredBy.length === 0).length;
  lines.push(`${entries.length} rules, ${entries.length - uncovered} covered by a suite, ${uncovered} not covered`);
  return `${lines.join('\n')}\n`;
}

function renderFamilies(catalogue: readonly Rule[]): string {
  const count = (f: Family) => catalogue.filter((r) => r.families.includes(f)).length;
  return `${FAMILIES.map((f) => `${f.padEnd(20)} ${count(f)} rules`).join('\n')}\n`;
}

export async function rulesCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const flags = parseFlags('rules', argv, RULES_FLAGS);
  if (flags.help) {
    io.out.write(RULES_HELP);
    return 0;
  }
  const families = familiesOf(flags.family as string[] | undefined);
  const catalogue = [...loadRules().rules];
  if (flags.families) {
    io.out.write(
      flags.json
        ? `${JSON.stringify(
            FAMILIES.map((f) => ({ family: f, rules: catalogue.filter((r) => r.families.includes(f)).length })),
            null,
            2,
          )}\n`
        : renderFamilies(catalogue),
    );
    return 0;
  }
  const selected = families ? catalogue.filter((r) => r.families.some((f) => families.includes(f))) : catalogue;
  const entries = await ruleEntries(selected);
  io.out.write(flags.json ? `${JSON.stringify(entries, null, 2)}\n` : renderText(entries));
  return 0;
}

export const command: CommandDefinition = { run: rulesCommand, help: RULES_HELP, flags: RULES_FLAGS };
