// Every relative link of every Markdown file in the repository resolves: to a file or folder inside the repository
// (never outside it, such as ../shared: a user's clone has only the repository), and to a heading where it names one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, markdownFiles, proseOf, root } from './helpers/markdown.js';

const files = markdownFiles();

/** The link targets of a Markdown text: inline links and images, reference definitions, and HTML href/src. */
function linkTargets(text: string): string[] {
  const prose = proseOf(text);
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((match) => match[1]!);
  const html = [...prose.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((match) => match[1]!);
  return [...inline, ...references, ...html];
}

function problems(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const found: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
    const [pathPart, anchor] = target.split('#') as [string, string | undefined];
    const path = decodeURIComponent(pathPart);
    const absolute = path ? resolve(root, dirname(file), path) : join(root, file);
    if (relative(root, absolute).startsWith('..')) {
      found.push(`${target}: outside the repository`);
      continue;
    }
    if (!existsSync(absolute)) {
      found.push(`${target}: no such file`);
      continue;
    }
    if (anchor && statSync(absolute).isFile() && absolute.endsWith('.md') && !anchorsOf(readFileSync(absolute, 'utf8')).has(anchor)) {
      found.push(`${target}: no heading #${anchor}`);
    }
  }
  // Paths a reader would follow by hand, outside the repository (the design notes live beside it, not in it).
  for (const match of text.matchAll(/\.\.\/shared\/\S*/g)) found.push(`${match[0]}: outside the repository`);
  return found;
}

describe('links in the Markdown files', () => {
  it('finds the READMEs and docs', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/README.md']));
  });

  it.each(files)('%s: every relative link resolves inside the repository', (file) => {
    expect(problems(file)).toEqual([]);
  });
});
