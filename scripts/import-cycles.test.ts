import { describe, expect, it } from 'vitest';
import { describeCycle, fileCycles, folderCycles, importEdges, resolveSpecifier, specifiersOf, unitOf, type ImportEdge } from './import-cycles';

/**
 * No folder imports itself back (issue 26): client features, app/ and routes/, server modules and
 * the folders around them, and the files and sub-folders of src/shared/rules. A failing test names
 * each loop with one import per arrow: cut one of them (move the code where it belongs).
 */
const edges = importEdges();
const report = (cycles: ReturnType<typeof folderCycles>) => cycles.map(describeCycle).join('\n\n');

describe('import loops', () => {
  it('none between the folders of src/client', () => {
    const cycles = folderCycles(edges, 'client/');
    expect(report(cycles)).toBe('');
  });

  it('none between the folders of src/server', () => {
    const cycles = folderCycles(edges, 'server/');
    expect(report(cycles)).toBe('');
  });

  it('none in src/shared/rules, file by file or folder by folder', () => {
    const cycles = [...fileCycles(edges, 'src/shared/rules/'), ...folderCycles(edges, 'shared/')];
    expect(report(cycles)).toBe('');
  });

  it('none across areas either', () => {
    const cycles = folderCycles(edges);
    expect(report(cycles)).toBe('');
  });
});

describe('the import graph', () => {
  const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });

  it('reads static, re-exported, dynamic and type-only imports', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '#shared/b';",
      "import { type C, type D } from '../c';",
      "export { e } from './e';",
      "export * from './f';",
      "const g = () => import('./g');",
      "import './side-effect.css';",
      "// import { h } from './commented-out';",
      "const text = \"from './not-an-import'\";",
    ].join('\n');
    expect(specifiersOf('x.tsx', source)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: '#shared/b', typeOnly: true },
      { specifier: '../c', typeOnly: true },
      { specifier: './e', typeOnly: false },
      { specifier: './f', typeOnly: false },
      { specifier: './g', typeOnly: false },
      { specifier: './side-effect.css', typeOnly: false },
    ]);
  });

  it('resolves relative paths, aliases and folder entries to files', () => {
    expect(resolveSpecifier('src/client/features/cards/api.ts', '../session')).toBe('src/client/features/session/index.ts');
    expect(resolveSpecifier('src/client/main.tsx', '#shared/routes')).toBe('src/shared/routes.ts');
    expect(resolveSpecifier('src/client/main.tsx', 'react')).toBeUndefined();
  });

  it('maps files to their folder units', () => {
    expect(unitOf('src/client/features/cards/components/x.tsx')).toBe('client/features/cards');
    expect(unitOf('src/client/routes/home/home-route.tsx')).toBe('client/routes');
    expect(unitOf('src/server/modules/members/members.service.ts')).toBe('server/modules/members');
    expect(unitOf('src/server/lib/mailer.ts')).toBe('server/lib');
    expect(unitOf('src/server/config.ts')).toBe('server/config.ts');
    expect(unitOf('src/shared/rules/rewards/local-time.ts')).toBe('shared/rules/rewards');
    expect(unitOf('src/shared/rules/review-link.ts')).toBe('shared/rules/review-link');
  });

  it('finds a loop and names an import for each arrow', () => {
    const cycles = folderCycles([
      edge('src/server/modules/a/a.ts', 'src/server/modules/b/b.ts'),
      edge('src/server/modules/b/b.ts', 'src/server/modules/c/c.ts', true),
      edge('src/server/modules/c/c.ts', 'src/server/modules/a/index.ts'),
      edge('src/server/modules/c/c.ts', 'src/server/lib/l.ts'),
    ]);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.units).toEqual(['server/modules/a', 'server/modules/b', 'server/modules/c']);
    expect(describeCycle(cycles[0]!)).toContain('server/modules/b → server/modules/c: 1 import(s), e.g. src/server/modules/b/b.ts → src/server/modules/c/c.ts (types only)');
    expect(folderCycles([edge('src/server/modules/a/a.ts', 'src/server/modules/b/b.ts'), edge('src/server/modules/b/x.ts', 'src/server/lib/l.ts')])).toEqual([]);
    expect(fileCycles([edge('src/shared/rules/a.ts', 'src/shared/rules/b.ts'), edge('src/shared/rules/b.ts', 'src/shared/rules/a.ts')])).toHaveLength(1);
  });
});
