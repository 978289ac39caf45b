import { describe, expect, it } from 'vitest';
import { brokenLinks, checkLink, linksOf, markdownFiles, README_MAX_LINES, readmeLines } from './docs-links';

describe('documentation links', () => {
  it('finds inline, image and reference links, and skips code', () => {
    const text = [
      'See [the guide](docs/a.md#part) and ![shot](img/b.png "Title").',
      '`[not a link](nowhere.md)` and [web](https://example.com) [mail](mailto:a@b.c) [here](#top)',
      '```',
      '[in a fence](fence.md)',
      '```',
      '[ref]: ../outside.md',
    ].join('\n');
    expect(linksOf(text)).toEqual([
      { line: 1, target: 'docs/a.md#part' },
      { line: 1, target: 'img/b.png' },
      { line: 2, target: 'https://example.com' },
      { line: 2, target: 'mailto:a@b.c' },
      { line: 2, target: '#top' },
      { line: 6, target: '../outside.md' },
    ]);
  });

  it('refuses a missing file and a file outside the repository, accepts the rest', () => {
    expect(checkLink('README.md', 'package.json')).toBeNull();
    expect(checkLink('docs/features/rewards.md', '../../README.md#run-it')).toBeNull();
    expect(checkLink('README.md', 'https://example.com/x.md')).toBeNull();
    expect(checkLink('README.md', '#run-it')).toBeNull();
    expect(checkLink('README.md', 'docs/no-such-page.md')).toBe('no such file or folder');
    expect(checkLink('README.md', '../shared/ARCHITECTURE.md')).toBe('outside the repository');
    expect(checkLink('docs/a.md', '../../etc/passwd')).toBe('outside the repository');
  });

  it('every relative link in the Markdown files resolves inside the repository', () => {
    const files = markdownFiles();
    expect(files).toContain('README.md');
    const problems = brokenLinks(files).map((p) => `${p.file}:${p.line}: ${p.target} (${p.reason})`);
    expect(problems, `broken links:\n${problems.join('\n')}`).toEqual([]);
  });

  it('README.md is at most 250 lines (a front door; details live in docs/)', () => {
    expect(readmeLines()).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
