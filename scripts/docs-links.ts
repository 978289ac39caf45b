import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/**
 * Every relative link in the repository's Markdown resolves to a file or folder inside the
 * repository (issue 26): a clone has nothing beside it, so a link to `../shared/…` or to a moved
 * page is broken for every reader. Web, mail and same-page anchor links are not checked; an
 * anchor on a relative link is dropped before the file is looked up.
 */
const root = resolve(import.meta.dirname, '..');

export function markdownFiles(): string[] {
  // Tracked files and new ones not yet committed (but not ignored), so a page is checked before its first commit.
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], { cwd: root, encoding: 'utf8' });
  return [...new Set(out.split('\0'))]
    .filter((file) => file !== '' && !file.split('/').includes('node_modules') && existsSync(resolve(root, file)))
    .sort();
}

// [text](target), ![alt](target), with an optional "title"; the text may hold one level of brackets.
const INLINE_LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
// [label]: target (reference definitions)
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;

export type LinkProblem = { file: string; line: number; target: string; reason: string };

/** Links of one Markdown text, with their line numbers; fenced code blocks and code spans are skipped. */
export function linksOf(text: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fenceMark) {
      const mark = fenceMark[1]!;
      if (fence === null) fence = mark;
      else if (mark[0] === fence[0] && mark.length >= fence.length) fence = null;
      return;
    }
    if (fence !== null) return;
    const line = raw.replace(/(`+)[\s\S]*?\1/g, '');
    const definition = REFERENCE_DEFINITION.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1]! });
    for (const match of line.matchAll(INLINE_LINK)) links.push({ line: index + 1, target: match[1]! });
  });
  return links.map(({ line, target }) => ({ line, target: target.replace(/^<|>$/g, '') }));
}

/** Why a link of `file` (relative to the repository root) is broken, or null when it resolves inside the repository. */
export function checkLink(file: string, target: string, repoRoot: string = root): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // http:, https:, mailto: and other schemes
  if (target.startsWith('#')) return null;
  const path = decodeURI(target.replace(/[#?].*$/, ''));
  if (path === '') return null;
  const resolved = isAbsolute(path) ? resolve(repoRoot, `.${path}`) : resolve(repoRoot, dirname(file), path);
  const inside = relative(repoRoot, resolved);
  if (inside === '..' || inside.startsWith('../') || isAbsolute(inside)) return 'outside the repository';
  if (inside.split('/').includes('node_modules')) return 'inside node_modules (not part of the repository)';
  if (!existsSync(resolved)) return 'no such file or folder';
  return null;
}

export function brokenLinks(files: string[], repoRoot: string = root): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const file of files) {
    for (const { line, target } of linksOf(readFileSync(resolve(repoRoot, file), 'utf8'))) {
      const reason = checkLink(file, target, repoRoot);
      if (reason) problems.push({ file, line, target, reason });
    }
  }
  return problems;
}

/** README.md's line count (the front door is at most README_MAX_LINES). */
export const README_MAX_LINES = 250;
export function readmeLines(repoRoot: string = root): number {
  return readFileSync(resolve(repoRoot, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
}
