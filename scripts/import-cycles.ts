/**
 * The import graph between folders (issue 26, "No loops, and a guard"): which folder units of src/
 * import which, the loops among them and the number of imports that cross a client feature or a
 * server module. scripts/import-cycles.test.ts asserts there are no loops; run this file
 * (`node --import tsx scripts/import-cycles.ts`) to print the figures.
 *
 * What counts: every .ts/.tsx file under src/ except tests (*.test.*); test helpers (test/ folders,
 * test-fixtures.ts) count like any other file. Every import counts: static imports, `export … from`,
 * dynamic `import('…')`, and type-only imports too (they make no loop at run time, but they still tie
 * the folders together, and the issue counts folder loops). Specifiers are resolved like tsconfig.json
 * ("paths": #client/*, #server/*, #shared/*) and relative paths; packages and non-code files (css,
 * svg, json) are left out.
 *
 * Folder units: in src/client, each features/<f>, and app, routes (all screens as one), components,
 * lib, test; in src/server, each modules/<m>, and lib, db, jobs, plugins, demo, test; in src/shared,
 * constants, schemas, and each file or sub-folder of rules/ (rules/rewards is one unit); elsewhere
 * the top folder; a file directly in an area (src/server/app.ts) is its own unit. Inside
 * src/shared/rules the files are also looked at one by one (`fileCycles`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export type ImportEdge = { from: string; to: string; typeOnly: boolean };
export type Cycle = {
  /** The units of one strongly connected component, sorted. */
  units: string[];
  /** Every arrow between them, with one import that makes it. */
  arrows: Array<{ from: string; to: string; example: ImportEdge; imports: number }>;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = 'src';
const CODE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const ALIASES: Record<string, string> = { '#client/': 'src/client/', '#server/': 'src/server/', '#shared/': 'src/shared/' };

/** Every non-test .ts/.tsx file under src/, as a path relative to the repository root with '/'. */
export function sourceFiles(root = ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (CODE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(rel);
    }
  };
  walk(SRC);
  return files.sort();
}

/** The module specifiers of one file, with whether the import brings types only. */
export function specifiersOf(fileName: string, source: string): Array<{ specifier: string; typeOnly: boolean }> {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      const typeOnly = node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true }); // import('./x').Type
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The src/ file a specifier written in `from` names, or undefined (a package, css, an asset). */
export function resolveSpecifier(from: string, specifier: string, root = ROOT): string | undefined {
  let base: string | undefined;
  const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  if (base === undefined) return undefined;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`]) {
    if (CODE.test(candidate) && isFile(path.join(root, candidate))) return candidate;
  }
  return undefined;
}

/** Every file-to-file import among the source files (one edge per importing statement's target). */
export function importEdges(root = ROOT): ImportEdge[] {
  const edges = new Map<string, ImportEdge>();
  for (const file of sourceFiles(root)) {
    for (const { specifier, typeOnly } of specifiersOf(file, readFileSync(path.join(root, file), 'utf8'))) {
      const to = resolveSpecifier(file, specifier, root);
      if (!to || to === file) continue;
      const key = `${file}\0${to}`;
      const known = edges.get(key);
      // A file importing another both as types and as values counts as a value import.
      if (!known) edges.set(key, { from: file, to, typeOnly });
      else if (!typeOnly) known.typeOnly = false;
    }
  }
  return [...edges.values()];
}

/** The folder unit of a file (see the comment at the top). */
export function unitOf(file: string): string {
  const parts = file.replace(/^src\//, '').split('/');
  const [area, first, second] = parts;
  if (parts.length === 2) return `${area}/${first}`; // a file directly in an area: its own unit
  if (area === 'client' && first === 'features') return `client/features/${second}`;
  if (area === 'server' && first === 'modules') return `server/modules/${second}`;
  if (area === 'shared' && first === 'rules') return `shared/rules/${second!.replace(/\.tsx?$/, '')}`;
  return `${area}/${first}`;
}

type Graph = Map<string, Map<string, ImportEdge[]>>;

function graphOf(edges: ImportEdge[], unit: (file: string) => string | undefined): Graph {
  const graph: Graph = new Map();
  for (const edge of edges) {
    const from = unit(edge.from);
    const to = unit(edge.to);
    if (from === undefined || to === undefined || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.has(to)) graph.set(to, new Map());
    const targets = graph.get(from)!;
    targets.set(to, [...(targets.get(to) ?? []), edge]);
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan). */
function stronglyConnected(graph: Graph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) connect(v);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The loops of a graph: each component with every arrow inside it and an example import. */
function cyclesOf(graph: Graph): Cycle[] {
  return stronglyConnected(graph).map((units) => {
    const inside = new Set(units);
    const arrows: Cycle['arrows'] = [];
    for (const from of units) {
      for (const [to, imports] of [...graph.get(from)!].sort(([a], [b]) => a.localeCompare(b))) {
        if (!inside.has(to)) continue;
        // A value import is the better example: it is the one that matters at run time.
        const example = imports.find((e) => !e.typeOnly) ?? imports[0]!;
        arrows.push({ from, to, example, imports: imports.length });
      }
    }
    return { units, arrows };
  });
}

/** Loops between folder units, within one area prefix ('client/', 'server/') or across all of src. */
export function folderCycles(edges = importEdges(), area = ''): Cycle[] {
  return cyclesOf(graphOf(edges, (file) => {
    const unit = unitOf(file);
    return unit.startsWith(area) ? unit : undefined;
  }));
}

/** Loops between single files under a folder ('src/shared/rules/'). */
export function fileCycles(edges = importEdges(), folder = 'src/shared/rules/'): Cycle[] {
  return cyclesOf(graphOf(edges, (file) => (file.startsWith(folder) ? file.slice(folder.length) : undefined)));
}

/** Imports from one client feature into another (file to file). */
export function crossFeatureEdges(edges = importEdges()): ImportEdge[] {
  return edges.filter((e) => unitOf(e.from).startsWith('client/features/') && unitOf(e.to).startsWith('client/features/') && unitOf(e.from) !== unitOf(e.to));
}

/** Imports from one server module into another (file to file). */
export function crossModuleEdges(edges = importEdges()): ImportEdge[] {
  return edges.filter((e) => unitOf(e.from).startsWith('server/modules/') && unitOf(e.to).startsWith('server/modules/') && unitOf(e.from) !== unitOf(e.to));
}

export type ImportHealth = {
  crossFeatureEdges: number;
  crossModuleEdges: number;
  cycles: Array<Cycle & { scope: string }>;
};

/** The figures `npm run health` reports: cross-feature and cross-module imports, and every loop. */
export function importHealth(root = ROOT): ImportHealth {
  const edges = importEdges(root);
  return {
    crossFeatureEdges: crossFeatureEdges(edges).length,
    crossModuleEdges: crossModuleEdges(edges).length,
    cycles: [
      ...folderCycles(edges).map((c) => ({ ...c, scope: 'folders' })),
      ...fileCycles(edges).map((c) => ({ ...c, scope: 'files in src/shared/rules' })),
    ],
  };
}

/** A loop as text: its units, then each arrow with one import that makes it. */
export function describeCycle(cycle: Cycle): string {
  const lines = [cycle.units.join(' ↔ ')];
  for (const arrow of cycle.arrows) {
    const kind = arrow.example.typeOnly ? ' (types only)' : '';
    lines.push(`  ${arrow.from} → ${arrow.to}: ${arrow.imports} import(s), e.g. ${arrow.example.from} → ${arrow.example.to}${kind}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const health = importHealth();
  console.log(`cross-feature imports (src/client/features): ${health.crossFeatureEdges}`);
  console.log(`cross-module imports (src/server/modules): ${health.crossModuleEdges}`);
  console.log(`import loops: ${health.cycles.length}`);
  for (const cycle of health.cycles) console.log(`[${cycle.scope}] ${describeCycle(cycle)}`);
}
