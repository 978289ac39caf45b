import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import local from './eslint-rules.js';

/** Folder boundaries of docs/architecture.md "Layout", enforced here. */
const noServerFromShared = {
  patterns: [
    { group: ['**/server/**', '**/client/**', 'node:*', 'drizzle-orm*', '@electric-sql/*', 'pg', 'fastify*', 'react', 'react-dom'], message: 'src/shared is isomorphic: no server, client, DOM, node or database imports.' },
  ],
};
const noServerFromClient = {
  patterns: [
    { group: ['**/server/**', 'node:*', 'drizzle-orm*', '@electric-sql/*', 'pg', 'fastify*'], message: 'The client must not import server code.' },
  ],
};
/**
 * The first load must stay within its JavaScript budget: screens and rules take values from
 * shared/constants and only types from shared/schemas (which would pull zod into the bundle).
 * Forms that validate with zod import schemas in lazily loaded code and say so with an
 * eslint-disable comment.
 */
const noZodSchemasInClient = {
  patterns: [
    ...noServerFromClient.patterns,
    { regex: '^(?:#shared|(?:\\.\\./)+shared)/schemas/', allowTypeImports: true, message: 'Import values from shared/constants; schemas only as types (zod stays out of the first load).' },
    { regex: '^(?:#shared|(?:\\.\\./)+shared)/api$', allowTypeImports: true, message: 'The API table (shared/api.ts) holds zod schemas: import its types only, and the calls\' addresses from shared/api-paths (call(API_PATHS.<name>, …)).' },
  ],
};
/**
 * The client writes no API address of its own: every /api call is an entry of the API table
 * (src/shared/api-paths.ts, with its schemas in src/shared/api.ts), called through call() of
 * lib/api.ts, so a path changed on one side is a compile error on the other. Tests may write them.
 */
const API_LITERAL_MESSAGE = "No '/api/…' address in the client: add the call to the API table (src/shared/api-paths.ts and src/shared/api.ts) and use call(API_PATHS.<name>, …) from lib/api.ts.";
const noApiLiterals = [
  'error',
  { selector: 'Literal[value=/^\\/api\\//]', message: API_LITERAL_MESSAGE },
  { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: API_LITERAL_MESSAGE },
];
/**
 * Import direction inside the client (docs/architecture.md "Layout"): app/ → routes/ → features/ →
 * components/, lib/. Patterns match the import as written: relative ('../../app/chrome') or
 * through a #client/ alias. Tests are exempt: they compose screens, chrome and fixtures.
 */
const clientFolder = (folders) => `^(?:(?:\\.\\./)+|#client/)(?:${folders})(?:/|$)`;
const noAppOrRoutesFromFeatures = {
  regex: clientFolder('app|routes'),
  message: 'A feature never imports app/ or routes/: move what it needs to components/ (or to a feature) and import it from there.',
};
const noFeaturesFromShared = {
  regex: clientFolder('features|app|routes'),
  message: 'components/ and lib/ never import a feature, app/ or routes/: pass it in (props, slots) or move the piece down.',
};
const FEATURES = readdirSync(path.join(import.meta.dirname, 'src/client/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** One feature imports another only through its public entry, features/<f>/index.ts ('../<f>'). */
const onlyPublicEntriesOf = (others) => ({
  regex: `^(?:(?:\\.\\./)+(?:features/)?|#client/features/)(?:${others.join('|')})/.`,
  message: "Another feature is imported only through its public entry (features/<f>/index.ts): import from '../<f>', and export what is needed there.",
});
/** Every test file and test helper, in Vitest and Playwright. */
export const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'src/**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'];
const CLIENT_TESTS = ['src/client/**/*.test.{ts,tsx}', 'src/client/test/**', 'src/client/**/test/**'];

const noClientFromServer = {
  patterns: [{ group: ['**/client/**', 'react', 'react-dom'], message: 'The server must not import client code.' }],
};
/** Demo data reaches the app only through app.ts and main.ts (demo/index.ts); modules take it as options. */
const noDemoData = { group: ['**/demo', '**/demo/*'], allowTypeImports: true, message: 'Demo data reaches the app only through app.ts (types may be imported).' };
const MODULES = readdirSync(path.join(import.meta.dirname, 'src/server/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/**
 * One server module imports another only through its public entry, modules/<m>/index.ts ('../<m>'),
 * so what a module offers the others is written down in one place. Tests are exempt.
 */
const onlyModuleEntriesOf = (others) => ({
  regex: `^(?:(?:\\.\\./)+(?:modules/)?|#server/modules/)(?:${others.join('|')})/.`,
  message: "Another server module is imported only through its public entry (modules/<m>/index.ts): import from '../<m>', and export what is needed there.",
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'migrations/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['info', 'warn', 'error', 'log'] }],
    },
  },
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  { files: ['src/shared/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', noServerFromShared] } },
  { files: ['src/client/**/*.{ts,tsx}'], ignores: CLIENT_TESTS, rules: { 'no-restricted-imports': ['error', noZodSchemasInClient], 'no-restricted-syntax': noApiLiterals } },
  // Client import direction (the lint zones; src/client/lint-zones.test.ts proves each one fails).
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    ignores: CLIENT_TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noZodSchemasInClient.patterns, noAppOrRoutesFromFeatures, onlyPublicEntriesOf(FEATURES.filter((f) => f !== feature))] }],
    },
  })),
  {
    files: ['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    ignores: CLIENT_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [...noZodSchemasInClient.patterns, noFeaturesFromShared] }] },
  },
  { files: CLIENT_TESTS, rules: { 'no-restricted-imports': ['error', noServerFromClient] } },
  { files: ['src/shared/rules/**/*.ts'], ignores: ['src/shared/rules/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [...noServerFromShared.patterns, { group: ['../schemas/*'], allowTypeImports: true, message: 'Rules run in the client: take values from ../constants, only types from ../schemas.' }] }] } },
  { files: ['src/server/**/*.ts'], rules: { 'no-restricted-imports': ['error', noClientFromServer] } },
  // Demo data reaches the app only through app.ts and main.ts (demo/index.ts); modules take it as options.
  {
    files: ['src/server/{modules,plugins,lib,db,jobs}/**/*.ts'], ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noClientFromServer.patterns, noDemoData] }] },
  },
  // The operator console's server (src/server/ops) uses the modules through their index.ts too; its command line (cli.ts) may read the demo staff.
  {
    files: ['src/server/ops/**/*.ts'], ignores: ['**/*.test.ts', 'src/server/ops/cli.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noClientFromServer.patterns, noDemoData, onlyModuleEntriesOf(MODULES)] }] },
  },
  // The console's page (src/ops): no server code, and its calls come from the API table like the app's.
  { files: ['src/ops/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', noServerFromClient], 'no-restricted-syntax': noApiLiterals } },
  // Server modules use each other only through their index.ts (src/server/lint-zones.test.ts proves it fails).
  ...MODULES.map((module) => ({
    files: [`src/server/modules/${module}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noClientFromServer.patterns, noDemoData, onlyModuleEntriesOf(MODULES.filter((m) => m !== module))] }],
    },
  })),
  // Secrets, signatures, tokens, hashes, MACs, digests, passwords and codes are compared in constant time (issue 31; eslint-rules.test.ts proves it fails).
  {
    files: ['src/server/**/*.ts'], ignores: ['**/*.test.ts', 'src/server/test/**'],
    plugins: { local },
    rules: { 'local/no-plain-secret-compare': 'error' },
  },
  // Tests that check something every time (issue 31): no every() over a list that may be empty, no expect under an if, no fixed sleeps.
  {
    files: TEST_FILES,
    plugins: { local },
    rules: {
      'local/no-every-without-length': 'error',
      'local/no-conditional-expect': 'error',
      'local/no-fixed-sleep': 'error',
    },
  },
);
