import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FUNCTION_LIMIT, ROUTE_FILE_LIMIT, measureCodeSize, measureFunctions, overLimits } from './code-size';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('code size (npm run health)', () => {
  it('measures top-level functions, arrow functions and wrapped components by their line span', () => {
    const text = ['function a() {', '  return 1;', '}', 'const b = () => {', '  return 2;', '};', 'export const C = memo(function C() {', '  return null;', '});', 'const d = 4;', ''].join('\n');
    expect(measureFunctions('x.tsx', text)).toEqual([
      { file: 'x.tsx', name: 'a', lines: 3 },
      { file: 'x.tsx', name: 'b', lines: 3 },
      { file: 'x.tsx', name: 'C', lines: 3 },
    ]);
  });

  it(`no component or hook in src/client is over ${FUNCTION_LIMIT} lines, no route file over ${ROUTE_FILE_LIMIT}`, () => {
    const size = measureCodeSize(root);
    expect(size.functions.length).toBeGreaterThan(100);
    expect(size.routeFiles.length).toBeGreaterThan(10);
    expect(overLimits(size)).toEqual({ functions: [], routeFiles: [] });
  });
});
