import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The server's import boundaries (eslint.config.js), each tried with a deliberately wrong import. */
const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint zones of the server', () => {
  it('a module may not load demo data (it comes through app.ts)', async () => {
    expect(await restricted('src/server/modules/auth/zone-check.ts', "import { seed } from '../../demo';\nexport const x = seed;\n"))
      .toEqual([expect.stringContaining('Demo data reaches the app only through app.ts')]);
    expect(await restricted('src/server/modules/auth/zone-check.ts', "import type { DemoAccounts } from '../../demo';\nexport type X = DemoAccounts;\n")).toEqual([]);
  });

  it('server code may not import the client', async () => {
    expect(await restricted('src/server/plugins/zone-check.ts', "import { api } from '../../client/lib/api';\nexport const x = api;\n"))
      .toEqual([expect.stringContaining('The server must not import client code.')]);
  });

  it('a module imports another only through its index.ts', async () => {
    const message = expect.stringContaining('only through its public entry (modules/<m>/index.ts)');
    expect(await restricted('src/server/modules/auth/zone-check.ts', "import { toMember } from '../members/member-mapper';\nexport const x = toMember;\n")).toEqual([message]);
    expect(await restricted('src/server/modules/auth/zone-check.ts', "import type { RewardRow } from '#server/modules/rewards/rewards.repo';\nexport type X = RewardRow;\n")).toEqual([message]);
    // The module's index, its own files and the folders around the modules are fine.
    expect(await restricted('src/server/modules/auth/zone-check.ts', [
      "import { toMember } from '../members';",
      "import { SIGN_IN_LINK_MESSAGE } from './sign-in-link';",
      "import { AppError } from '../../lib/app-error';",
      'export const x = [toMember, SIGN_IN_LINK_MESSAGE, AppError];',
    ].join('\n'))).toEqual([]);
    // Tests compose modules as they need.
    expect(await restricted('src/server/modules/auth/zone-check.test.ts', "import { toMember } from '../members/member-mapper';\nexport const x = toMember;\n")).toEqual([]);
  });

  it('app.ts may take the demo data', async () => {
    expect(await restricted('src/server/app-zone-check.ts', "import { demoAccounts } from './demo';\nexport const x = demoAccounts;\n")).toEqual([]);
  });
});
