/**
 * Tables of docs/ written from the data that decides them: the exit codes (EXIT_CODES), the
 * target profile's members (its JSON schema) and the disagreements of the two sources
 * (specs/disagreements.json).
 */
import { readFileSync } from 'node:fs';
import { EXIT_CODE_LIST, EXIT_CODES } from '../../harness/exit-codes.js';
import { projectPath } from '../../harness/paths.js';
import { profileSchemaPath } from '../../harness/profile.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export function exitCodesTable(): string {
  return [
    '| code | name | meaning | what to do | whose |',
    '|---|---|---|---|---|',
    ...EXIT_CODE_LIST.map((code) => {
      const spec = EXIT_CODES[code];
      return `| ${code} | ${spec.name} | ${spec.meaning} | ${spec.action} | ${spec.route} |`;
    }),
  ].join('\n');
}

interface SchemaNode {
  type?: string | string[];
  description?: string;
  $ref?: string;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  enum?: unknown[];
  items?: SchemaNode;
  format?: string;
}

/** The type of a member in a few words: `string (uri)`, `integer`, `array of string`, `object`. */
function typeOf(node: SchemaNode, defs: Record<string, SchemaNode>): string {
  if (node.$ref) return typeOf(defs[node.$ref.replace('#/$defs/', '')] ?? {}, defs);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return [...new Set(alternatives.map((a) => typeOf(a, defs)))].join(' or ');
  if (node.enum) return `one of ${node.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  const type = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  if (type === 'array' && node.items) return `array of ${typeOf(node.items, defs)}`;
  return node.format ? `${type} (${node.format})` : type;
}

/** Every top-level member of a target profile, from specs/target-profile.schema.json. */
export function profileMembersTable(): string {
  const schema = JSON.parse(readFileSync(profileSchemaPath(), 'utf8')) as {
    required?: string[];
    properties: Record<string, SchemaNode>;
    $defs?: Record<string, SchemaNode>;
  };
  const required = new Set(schema.required ?? []);
  return [
    '| member | type | what it is |',
    '|---|---|---|',
    ...Object.entries(schema.properties).map(
      ([name, node]) =>
        `| \`${name}\`${required.has(name) ? ' (required)' : ''} | ${cell(typeOf(node, schema.$defs ?? {}))} ` +
        `| ${cell(node.description ?? '')} |`,
    ),
  ].join('\n');
}

interface Disagreement {
  id: string;
  prose: { section: string; says: string };
  document: { says: string };
  reading: string;
}

export function disagreementsTable(): string {
  const { disagreements } = JSON.parse(readFileSync(projectPath('specs/disagreements.json'), 'utf8')) as {
    disagreements: Disagreement[];
  };
  return [
    "| entry | the contract's prose | the provider's document | the suite's reading |",
    '|---|---|---|---|',
    ...disagreements.map(
      (d) =>
        `| \`${d.id}\` | ${cell(`${d.prose.section}: ${d.prose.says}`)} | ${cell(d.document.says)} ` +
        `| ${cell(d.reading)} |`,
    ),
  ].join('\n');
}
