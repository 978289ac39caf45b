import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The client's import direction is enforced by eslint.config.js (docs/architecture.md "Layout"). Each
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

  it('schemas (zod) only as types, by alias or relative path', async () => {
    const alias = await restricted('src/client/lib/zone-check.ts', "import { CLIENT_ERROR_LIMITS } from '#shared/schemas/client-errors';\nexport const x = CLIENT_ERROR_LIMITS;\n");
    expect(alias).toEqual([expect.stringContaining('schemas only as types')]);
    const relative = await restricted('src/client/features/cards/zone-check.ts', "import { ZCardList } from '../../../shared/schemas/card';\nexport const x = ZCardList;\n");
    expect(relative).toEqual([expect.stringContaining('schemas only as types')]);
    expect(await restricted('src/client/lib/zone-check.ts', "import type { ClientErrorRequest } from '#shared/schemas/client-errors';\nexport type X = ClientErrorRequest;\n")).toEqual([]);
  });

  it('the API table: its schemas only as types, its addresses from api-paths', async () => {
    const value = await restricted('src/client/features/cards/zone-check.ts', "import { API } from '#shared/api';\nexport const x = API;\n");
    expect(value).toEqual([expect.stringContaining('The API table (shared/api.ts) holds zod schemas')]);
    const relative = await restricted('src/client/lib/zone-check.ts', "import { API } from '../../shared/api';\nexport const x = API;\n");
    expect(relative).toEqual([expect.stringContaining('The API table (shared/api.ts) holds zod schemas')]);
    expect(await restricted('src/client/lib/zone-check.ts', [
      "import type { ApiTable } from '#shared/api';",
      "import { API_PATHS } from '#shared/api-paths';",
      "import { call } from './api';",
      'export const x: [typeof call, typeof API_PATHS, ApiTable | null] = [call, API_PATHS, null];',
    ].join('\n'))).toEqual([]);
  });

  it("no '/api/' address in the client outside the API table (tests may write them)", async () => {
    const lint = async (filePath: string, source: string) =>
      (await eslint.lintText(source, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    const source = "export const a = '/api/Member/Cards';\nexport const b = (id: number) => `/api/Member/Reservations/${id}`;\n";
    expect(await lint('src/client/features/cards/zone-check.ts', source)).toEqual([expect.stringContaining('src/shared/api-paths.ts'), expect.stringContaining('src/shared/api-paths.ts')]);
    expect(await lint('src/client/lib/zone-check.ts', source)).toHaveLength(2);
    expect(await lint('src/client/features/cards/zone-check.test.ts', source)).toEqual([]);
  });
});
