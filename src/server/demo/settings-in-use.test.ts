/**
 * Issue 25, "settings that do nothing": every partner setting and every piece of seeded content is
 * read by some screen or server code other than where it is defined, written or seeded. A key
 * that only the schema, the config mapper and the demo seed mention is a setting a partner could
 * turn with nothing happening: remove it (schema, migration, docs) or use it.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import { ZPartnerConfig } from '#shared/schemas/partner';
import { partners as partnersTable } from '../db/schema';
import { buildContent, type ContentRow } from './content';
import { buildPartners } from './partners';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (dir: string): Array<{ path: string; text: string }> => {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f)) out.push({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, dir));
  return out;
};
const SOURCES = [...read('src/client'), ...read('src/server'), ...read('src/shared'), ...read('src/card-frame')];
/** Where a setting is defined, mapped or seeded: mentions there are not uses. */
const DEFINITIONS = [
  /^src\/shared\/schemas\/partner\.ts$/, /^src\/server\/modules\/partners\/partner-config\.ts$/, /^src\/server\/db\/schema\.ts$/,
  /^src\/server\/demo\//, /\/test\//, /test-fixtures?\.ts$/,
];
const uses = SOURCES.filter((f) => !DEFINITIONS.some((d) => d.test(f.path)));
const usedAnywhere = (pattern: RegExp, files = uses) => files.some((f) => pattern.test(f.text));
const word = (key: string) => new RegExp(`\\b${key.replace(/[$]/g, '\\$&')}\\b`);

describe('partner settings in use', () => {
  it('every key of the partner configuration the page receives is read by client or server code', () => {
    const unread = Object.keys(ZPartnerConfig.shape).filter((key) => !usedAnywhere(word(key)));
    expect(unread).toEqual([]);
  });

  it('every column of the partners table is read by code other than its schema, mapper and seed', () => {
    const unread = Object.keys(getTableColumns(partnersTable)).filter((key) => !usedAnywhere(word(key)));
    expect(unread).toEqual([]);
  });
});

describe('seeded content in use', () => {
  const client = SOURCES.filter((f) => (f.path.startsWith('src/client/') || f.path.startsWith('src/shared/')) && !DEFINITIONS.some((d) => d.test(f.path)));
  const rows: Array<ContentRow & { partner: string }> = buildPartners().flatMap((p) => buildContent(p).map((r) => ({ ...r, partner: p.code })));
  const apiName = (stored: string) => (stored === 'default' ? '*' : stored);

  it('every content page with seeded items is read by a screen', () => {
    const names = [...new Set(rows.map((r) => apiName(r.contentName)))];
    const unread = names.filter((n) => !usedAnywhere(new RegExp(`useContent(Page|Item)\\('${n.replace('*', '\\*')}'`), client));
    expect(unread).toEqual([]);
  });

  it('every seeded item of a page read by slug is asked for by its slug', () => {
    // '*' is read item by item (useContentItem('*', 'footer')); popups by slug or a slug pattern ('acclaimed_${tier}').
    const bySlug = rows.filter((r) => r.contentName === 'default');
    const unread = [...new Set(bySlug.map((r) => r.slug))].filter((slug) => !usedAnywhere(new RegExp(`useContentItem\\('\\*', '${slug}'\\)`), client));
    expect(unread).toEqual([]);
    const popups = [...new Set(rows.filter((r) => r.contentName === 'popup').map((r) => r.slug))];
    expect(popups.filter((slug) => !usedAnywhere(new RegExp(`'${slug}'|${slug.replace(/_\d+$/, '_\\$\\{')}`), client))).toEqual([]);
  });

  it('every field of every seeded item is read by a screen', () => {
    const unread = new Set<string>();
    for (const r of rows) for (const key of Object.keys(r.fields)) if (!usedAnywhere(word(key), client)) unread.add(`${r.contentName}.${key}`);
    expect([...unread]).toEqual([]);
  });

  it('every kind of seeded earn banner is one a screen shows', () => {
    const banners = SOURCES.find((f) => f.path === 'src/client/features/bonuses/banners.ts')!.text;
    const kinds = [...new Set(rows.filter((r) => r.contentName === 'earn_banner').map((r) => String(r.fields.kind)))];
    expect(kinds.filter((k) => !new RegExp(`kind !== '${k}'|kind === '${k}'`).test(banners))).toEqual([]);
  });
});
