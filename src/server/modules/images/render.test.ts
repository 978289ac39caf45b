import { describe, it, expect } from 'vitest';
import { CUISINES } from './cuisines';
import { compositionCount, compositionOf, IMAGE_PRESET_SIZES, LAYOUTS, PATTERNS, renderMerchantImage, SCHEMES, type RenderPreset } from './render';

const PRESETS = Object.keys(IMAGE_PRESET_SIZES) as RenderPreset[];

describe('renderMerchantImage', () => {
  it('draws every preset for every cuisine and variant as a safe standalone SVG', () => {
    for (const preset of PRESETS) {
      const { width, height } = IMAGE_PRESET_SIZES[preset];
      for (const c of CUISINES) {
        for (const variant of [1, 4, 8, 77, 150, 19_999]) {
          const svg = renderMerchantImage(preset, `${c.slug}-${variant}.svg`);
          expect(svg, `${preset} ${c.slug}-${variant}`).not.toBeNull();
          const text = svg ?? '';
          expect(text.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"`)).toBe(true);
          expect(text).toContain('role="img"');
          expect(text).toMatch(/<title id="t">[^<]+<\/title>/);
          expect(text.endsWith('</svg>')).toBe(true);
          expect(text).not.toMatch(/<script|<image|<foreignObject|href=|url\((?!#)|javascript:|on[a-z]+=/i);
          expect(text).not.toMatch(/NaN|undefined/);
        }
      }
    }
  });

  it('is deterministic and varies by cuisine and variant', () => {
    expect(renderMerchantImage('tile', 'italian-3.svg')).toBe(renderMerchantImage('tile', 'italian-3.svg'));
    expect(renderMerchantImage('tile', 'italian-3.svg')).not.toBe(renderMerchantImage('tile', 'italian-4.svg'));
    expect(renderMerchantImage('tile', 'italian-3.svg')).not.toBe(renderMerchantImage('tile', 'thai-3.svg'));
  });

  it('gives every cuisine hundreds of distinct compositions, in order, before any repeats', () => {
    for (const c of CUISINES) {
      const count = compositionCount(c.slug);
      expect(count).toBeGreaterThanOrEqual(3 * SCHEMES * PATTERNS * LAYOUTS);
      const seen = new Set<string>();
      for (let v = 1; v <= count; v++) seen.add(JSON.stringify(compositionOf(c.slug, v)));
      expect(seen.size, c.slug).toBe(count);
      expect(compositionOf(c.slug, count + 5)).toEqual(compositionOf(c.slug, 5));
      // The cuisine's own dish comes first, so the first variants look like that cuisine.
      expect(compositionOf(c.slug, 1).motif).toBe(c.motif);
    }
  });

  it('draws different pictures for variants whose compositions differ in one part only', () => {
    const slug = 'italian';
    const count = compositionCount(slug);
    const family = count / (SCHEMES * PATTERNS * LAYOUTS);
    // Variant 1 and the next variant with another colour scheme, another ground, another layout.
    for (const step of [family, family * SCHEMES, family * SCHEMES * PATTERNS]) {
      const a = compositionOf(slug, 1);
      const b = compositionOf(slug, 1 + step);
      expect(b.motif).toBe(a.motif);
      expect(b).not.toEqual(a);
      expect(renderMerchantImage('tile', `${slug}-${1 + step}.svg`)).not.toBe(renderMerchantImage('tile', `${slug}-1.svg`));
    }
  });

  it('keeps menus in the cuisine\u2019s own dish and light colours whatever the variant', () => {
    const dark = Array.from({ length: 400 }, (_, i) => i + 1).find((v) => compositionOf('italian', v).scheme === 2)!;
    const menu = renderMerchantImage('menu', `italian-${dark}.svg`) ?? '';
    const tile = renderMerchantImage('tile', `italian-${dark}.svg`) ?? '';
    const bg = (svg: string) => /<rect width="\d+" height="\d+" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    expect(bg(tile)).not.toBe(bg(renderMerchantImage('tile', 'italian-1.svg') ?? ''));
    const paper = (svg: string) => /<rect x="24" y="24" width="552" height="752" rx="6" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    expect(paper(menu)).toBeDefined();
    expect(paper(menu)).toBe(paper(renderMerchantImage('menu', 'italian-1.svg') ?? ''));
    expect(menu).toContain('ITALIAN');
  });

  it('puts dish names and prices on the menu card', () => {
    const menu = renderMerchantImage('menu', 'italian-2.svg') ?? '';
    expect(menu).toContain('ITALIAN');
    expect(menu).toMatch(/\$\d+(\.50)?</);
    expect((menu.match(/<text /g) ?? []).length).toBeGreaterThan(10);
  });

  it('draws unknown but well-formed cuisine slugs with derived colours', () => {
    const svg = renderMerchantImage('thumb', 'space-food-12.svg');
    expect(svg).toContain('Space Food');
  });

  it('returns null for malformed paths', () => {
    for (const bad of ['../x', 'a.svg', '../italian-1.svg', 'italian-1.svg/..', 'Italian-1.svg', 'italian-1.png', 'italian-.svg',
      'italian-1.svg?x=1', '/italian-1.svg', 'italian 1.svg', '', 'italian-1.svg\n', '-1.svg', '--1.svg', 'a--b-1.svg',
      `${'a'.repeat(200)}-1.svg`, 'italian-99999999999999999999.svg', '%2e%2e-1.svg']) {
      expect(renderMerchantImage('tile', bad), JSON.stringify(bad)).toBeNull();
    }
    expect(renderMerchantImage('poster' as RenderPreset, 'italian-1.svg')).toBeNull();
  });
});
