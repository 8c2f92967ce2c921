/** README's table of disagreements says what specs/disagreements.json says, entry by entry. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const table = JSON.parse(readFileSync(new URL('../specs/disagreements.json', import.meta.url), 'utf8')) as {
  disagreements: Array<{ id: string; reading: string; prose: { says: string }; document: { says: string } }>;
};
const cell = (text: string) => text.replaceAll('|', '\\|');

describe("README's table of disagreements", () => {
  it('has a row per entry with both sources and the reading', () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
    for (const e of table.disagreements) {
      const row = rows.find((r) => r.startsWith(`| \`${e.id}\` |`));
      expect(row, e.id).toBeDefined();
      for (const text of [e.prose.says, e.document.says, e.reading]) expect(row, e.id).toContain(cell(text));
    }
  });
});
