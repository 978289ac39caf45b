import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The client's import direction is enforced by eslint.config.js (ARCHITECTURE.md "Layout"). Each
 * zone gets a deliberately wrong import here, so a zone that stops working fails the tests.
 */
const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' }); // relative to the repository root, where Vitest runs

/** The no-restricted-imports messages for `source` as if it were the file at `filePath`. */
async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint zones of the client', () => {
  it('a feature may not import app/', async () => {
    const messages = await restricted('src/client/features/cards/components/zone-check.tsx', "import { useNavLinks } from '../../../app/chrome/chrome-content';\nexport const x = useNavLinks;\n");
    expect(messages).toEqual([expect.stringContaining('A feature never imports app/ or routes/')]);
  });

  it('a feature may not import routes/', async () => {
    const messages = await restricted('src/client/features/auth/zone-check.tsx', "import { NotFoundRoute } from '../../routes/not-found/not-found-route';\nexport const x = NotFoundRoute;\n");
    expect(messages).toEqual([expect.stringContaining('A feature never imports app/ or routes/')]);
  });

  it('components/ may not import a feature', async () => {
    const messages = await restricted('src/client/components/zone-check.tsx', "import { MerchantTile } from '../features/merchants';\nexport const x = MerchantTile;\n");
    expect(messages).toEqual([expect.stringContaining('components/ and lib/ never import a feature')]);
  });

  it('lib/ may not import a feature', async () => {
    const messages = await restricted('src/client/lib/zone-check.ts', "import { useMember } from '../features/session';\nexport const x = useMember;\n");
    expect(messages).toEqual([expect.stringContaining('components/ and lib/ never import a feature')]);
  });

  it('a feature imports another only through its public entry', async () => {
    const deep = await restricted('src/client/features/cards/components/zone-check.tsx', "import { useMember } from '../../session/api';\nexport const x = useMember;\n");
    expect(deep).toEqual([expect.stringContaining('only through its public entry')]);
    const alias = await restricted('src/client/features/cards/zone-check.ts', "import { useMember } from '#client/features/session/api';\nexport const x = useMember;\n");
    expect(alias).toEqual([expect.stringContaining('only through its public entry')]);
  });

  it('allows what the layout allows', async () => {
    // Another feature's public entry, the feature's own files, the shared route table.
    expect(await restricted('src/client/features/cards/components/zone-check.tsx', [
      "import { useMember } from '../../session';",
      "import { addCards } from '../api';",
      "import { paths } from '../../../../shared/routes';",
      'export const x = [useMember, addCards, paths];',
    ].join('\n'))).toEqual([]);
    // Screens and the app compose features, deep paths included.
    expect(await restricted('src/client/routes/home/zone-check.tsx', "import { MerchantTile } from '../../features/merchants/components/merchant-tile';\nexport const x = MerchantTile;\n")).toEqual([]);
    expect(await restricted('src/client/app/zone-check.tsx', "import { NotFoundRoute } from '../routes/not-found/not-found-route';\nexport const x = NotFoundRoute;\n")).toEqual([]);
  });
});
