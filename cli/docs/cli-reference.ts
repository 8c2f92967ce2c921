/**
 * docs/cli.md's reference, from the command definitions (COMMANDS in cli/main.ts and each
 * command's flag table): a command, its usage line and every flag with its value and help, the
 * default as the help says it.
 */
import { COMMANDS } from '../main.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');
/** Prose of a cell: `<run-id>` would read as an HTML tag. */
const prose = (text: string) => cell(text).replace(/</g, '&lt;').replace(/>/g, '&gt;');
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

export async function cliReference(): Promise<string> {
  const sections = await Promise.all(
    Object.entries(COMMANDS).map(async ([name, { load, summary }]) => {
      const { help, flags } = await load();
      const usage = help.split('\n', 1)[0]!;
      const rows = Object.entries(flags).map(([flag, spec]) => {
        const value = spec.value ? ` ${spec.value}` : '';
        return `| \`--${flag}${cell(value)}\` | ${prose(spec.help)} |`;
      });
      return [
        `### ${name}`,
        '',
        sentence(summary),
        '',
        '```',
        usage,
        '```',
        '',
        '| flag | what it does |',
        '|---|---|',
        ...rows,
      ].join('\n');
    }),
  );
  return sections.join('\n\n');
}
