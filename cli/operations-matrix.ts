/**
 * `npm run docs:operations-matrix -- <mutation.json>...`: writes docs/operations-matrix.md from
 * the mutation.json of a `mutation --scope operations` campaign, or of several campaigns that
 * each ran a part of it (`--family`): a cell comes from the last file that ran its fault.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { projectPath } from '../harness/paths.js';
import type { CampaignResult } from '../mutation/matrix.js';
import { renderOperationsMarkdown } from '../mutation/operations-markdown.js';
import { mergeMatrices } from '../mutation/operations-matrix.js';

const PAGE = projectPath('docs', 'operations-matrix.md');

const files = process.argv.slice(2);
const campaigns = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as CampaignResult);
const without = files.filter((_, i) => campaigns[i]!.operations === undefined);
if (files.length === 0 || without.length) {
  process.stderr.write(
    `${without.length ? `no operations matrix in ${without.join(', ')}\n` : ''}` +
      'fix: npm run docs:operations-matrix -- <mutation.json of mutation --scope operations>...\n',
  );
  process.exit(2);
}
const page = renderOperationsMarkdown(
  mergeMatrices(campaigns.map((c) => c.operations!)),
  campaigns
    .map(({ campaignId, startedAt, seed }) => ({ campaignId, startedAt, seed }))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt)),
);
mkdirSync(dirname(PAGE), { recursive: true });
writeFileSync(PAGE, page);
process.stdout.write(`${relative(process.cwd(), PAGE)}: from ${files.length} campaign(s)\n`);
