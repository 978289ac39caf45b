/**
 * Code size of the client (issue 26, `npm run health`): no component or hook over 150 lines, no
 * route file (src/client/routes/**\/*-route.tsx) over 100 lines. Every top-level function of a
 * non-test file in src/client is measured (a function declaration, or a variable whose value is
 * an arrow function or function expression, also inside a call such as memo(…) or forwardRef(…)),
 * from its first line to its last, with the TypeScript compiler API. Exits 1 when anything is over.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const FUNCTION_LIMIT = 150;
export const ROUTE_FILE_LIMIT = 100;

export type SizedFunction = { file: string; name: string; lines: number };
export type SizedFile = { file: string; lines: number };
export type CodeSize = { functions: SizedFunction[]; routeFiles: SizedFile[] };

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file);

function sourceFiles(dir: string, root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full, root));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      const rel = path.relative(root, full).split(path.sep).join('/');
      if (!isTest(rel)) found.push(rel);
    }
  }
  return found;
}

/** The function a declaration's value is: itself, or the first function among a call's arguments (memo, forwardRef, lazy …). */
function functionOf(node: ts.Node | undefined): ts.FunctionLikeDeclaration | undefined {
  if (!node) return undefined;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return functionOf(node.expression);
  if (ts.isCallExpression(node)) {
    for (const arg of node.arguments) {
      const fn = functionOf(arg);
      if (fn) return fn;
    }
  }
  return undefined;
}

const lineSpan = (sf: ts.SourceFile, node: ts.Node) =>
  sf.getLineAndCharacterOfPosition(node.getEnd()).line - sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

/** The top-level functions of one file's text, with their line spans. */
export function measureFunctions(file: string, text: string): SizedFunction[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const sized: SizedFunction[] = [];
  for (const statement of sf.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body) {
      sized.push({ file, name: statement.name?.text ?? 'default', lines: lineSpan(sf, statement) });
    } else if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const fn = functionOf(decl.initializer);
        if (fn && ts.isIdentifier(decl.name)) sized.push({ file, name: decl.name.text, lines: lineSpan(sf, fn) });
      }
    } else if (ts.isExportAssignment(statement)) {
      const fn = functionOf(statement.expression);
      if (fn) sized.push({ file, name: 'default', lines: lineSpan(sf, fn) });
    }
  }
  return sized;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Every top-level function of src/client (tests left out) and every route file, with their sizes, largest first. */
export function measureCodeSize(root: string): CodeSize {
  const files = sourceFiles(path.join(root, 'src/client'), root);
  const functions: SizedFunction[] = [];
  const routeFiles: SizedFile[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    functions.push(...measureFunctions(file, text));
    if (/^src\/client\/routes\/.*-route\.tsx$/.test(file)) routeFiles.push({ file, lines: lineCount(text) });
  }
  functions.sort((a, b) => b.lines - a.lines);
  routeFiles.sort((a, b) => b.lines - a.lines);
  return { functions, routeFiles };
}

/** What is over the limits. */
export function overLimits(size: CodeSize): CodeSize {
  return {
    functions: size.functions.filter((f) => f.lines > FUNCTION_LIMIT),
    routeFiles: size.routeFiles.filter((f) => f.lines > ROUTE_FILE_LIMIT),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const size = measureCodeSize(root);
  const over = overLimits(size);
  console.log(`Longest functions (limit ${FUNCTION_LIMIT} lines):`);
  for (const f of size.functions.slice(0, 8)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.file}`);
  console.log(`Longest route files (limit ${ROUTE_FILE_LIMIT} lines):`);
  for (const f of size.routeFiles.slice(0, 5)) console.log(`  ${String(f.lines).padStart(4)}  ${f.file}`);
  const count = over.functions.length + over.routeFiles.length;
  if (count > 0) {
    console.log(`\nOver the limits (${count}):`);
    for (const f of over.functions) console.log(`  ${f.file}: ${f.name} is ${f.lines} lines (limit ${FUNCTION_LIMIT})`);
    for (const f of over.routeFiles) console.log(`  ${f.file} is ${f.lines} lines (limit ${ROUTE_FILE_LIMIT})`);
    process.exit(1);
  }
  console.log('\nNothing over the limits.');
}
