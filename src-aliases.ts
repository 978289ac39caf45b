import { fileURLToPath } from 'node:url';

/**
 * Import aliases (#client/*, #ops/*, #server/*, #shared/*), the same as tsconfig.json "paths" (which
 * TypeScript and tsx read): for Vite and Vitest.
 */
export const SRC_ALIASES = ['client', 'ops', 'server', 'shared'].map((area) => ({
  find: new RegExp(`^#${area}/`),
  replacement: fileURLToPath(new URL(`./src/${area}/`, import.meta.url)),
}));
