// The repository's Markdown files and what the doc tests read from them: fenced code blocks (with the
// `<!-- sample: ... -->` comment before each) and links.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '../..');

/** Every Markdown file of the repository (tracked, or new and not ignored), relative to the root. */
export function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n').filter(Boolean))].filter((file) => !file.startsWith('.changeset/')).sort();
}

export interface CodeBlock {
  file: string;
  /** 1-based line of the block's first code line. */
  line: number;
  lang: string;
  code: string;
  /** The text of a `<!-- sample: ... -->` comment right before the fence (blank lines allowed), without the prefix. */
  directive?: string | undefined;
}

/** The fenced code blocks of a Markdown text (``` or ~~~ fences, any info string). */
export function codeBlocks(file: string, text = readFileSync(join(root, file), 'utf8')): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.trimStart().startsWith(fence)) end++;
    const indent = open[1]!.length;
    const code = lines
      .slice(start, end)
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    blocks.push({ file, line: start + 1, lang: open[3]!, code, directive: directiveBefore(lines, i) });
    i = end;
  }
  return blocks;
}

function directiveBefore(lines: string[], fenceIndex: number): string | undefined {
  let j = fenceIndex - 1;
  while (j >= 0 && lines[j]!.trim() === '') j--;
  if (j < 0 || !lines[j]!.trimEnd().endsWith('-->')) return undefined;
  let k = j;
  while (k >= 0 && !lines[k]!.includes('<!--')) k--;
  if (k < 0) return undefined;
  const comment = lines.slice(k, j + 1).join('\n');
  const match = /<!--\s*sample:\s*([\s\S]*?)\s*-->\s*$/.exec(comment);
  return match ? match[1] : undefined;
}

/** The text outside fenced code blocks and code spans, where links count. */
export function proseOf(text: string): string {
  return text.replace(/^(\s*)(`{3,}|~{3,})[\s\S]*?^\s*\2\s*$/gm, '').replace(/`+[^`\n]*`+/g, '');
}

/** GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (repeated headings get -1, -2, ... as on GitHub). */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of proseOfHeadings(text)) {
    const base = headingAnchor(match);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

function proseOfHeadings(text: string): string[] {
  const withoutCode = text.replace(/^(\s*)(`{3,}|~{3,})[\s\S]*?^\s*\2\s*$/gm, '');
  return [...withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => match[1]!);
}
