/**
 * Every link of the manual goes somewhere: in README.md, CHANGELOG.md, ARCHITECTURE.md, bench/
 * and docs/, a relative link names a file or folder of the project, and its `#anchor` a heading
 * of that page (GitHub's slugs, github-slugger). Links off the project are not fetched.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../harness/paths.js';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

const markdown = new MarkdownIt({ html: true });
const inFolder = (folder: string) =>
  readdirSync(join(PROJECT_ROOT, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`);
const PAGES = ['README.md', 'CHANGELOG.md', 'ARCHITECTURE.md', ...inFolder('bench'), ...inFolder('docs')];

const tokensOf = (page: string): Token[] => markdown.parse(readFileSync(join(PROJECT_ROOT, page), 'utf8'), {});
const textOf = (inline: Token | undefined) =>
  (inline?.children ?? []).map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : '')).join('');

/** The anchors of a page's headings, as GitHub makes them (a repeated heading gets `-1`, `-2`). */
function anchorsOf(page: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = tokensOf(page);
  return new Set(
    tokens.flatMap((token, i) => (token.type === 'heading_open' ? [slugger.slug(textOf(tokens[i + 1]))] : [])),
  );
}

/** Every link target of a page: links and images, in prose and tables, not in code. */
function linksOf(page: string): string[] {
  return tokensOf(page)
    .flatMap((token) => token.children ?? [])
    .flatMap((child) => {
      const target =
        child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      return target ? [String(target)] : [];
    });
}

/** What is wrong with a link of `page`, or undefined. */
function brokenLink(page: string, link: string): string | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(link)) return undefined;
  const [path = '', anchor] = link.split('#', 2);
  const target = path === '' ? join(PROJECT_ROOT, page) : resolve(dirname(join(PROJECT_ROOT, page)), path);
  const shown = relative(PROJECT_ROOT, target);
  if (!target.startsWith(PROJECT_ROOT) || !existsSync(target)) return `${link}: no file ${shown}`;
  if (anchor === undefined || !target.endsWith('.md')) return undefined;
  return anchorsOf(relative(PROJECT_ROOT, target)).has(anchor)
    ? undefined
    : `${link}: no heading #${anchor} in ${shown}`;
}

describe('the links of the manual', () => {
  it.each(PAGES)('%s links only to files and headings that exist', (page) => {
    expect(linksOf(page).flatMap((link) => brokenLink(page, link) ?? [])).toEqual([]);
  });

  it('finds a broken link: a missing file and a missing heading', () => {
    expect(brokenLink('docs/index.md', 'no-such-page.md')).toMatch(/no file docs\/no-such-page\.md/);
    expect(brokenLink('docs/index.md', 'running.md#no-such-heading')).toMatch(/no heading #no-such-heading/);
    expect(brokenLink('docs/index.md', 'running.md#what-a-run-must-prove')).toBeUndefined();
  });
});
