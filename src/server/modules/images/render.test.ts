import { describe, it, expect } from 'vitest';
import { CUISINES } from './cuisines';
import { IMAGE_PRESET_SIZES, renderMerchantImage, type RenderPreset } from './render';

const PRESETS = Object.keys(IMAGE_PRESET_SIZES) as RenderPreset[];

describe('renderMerchantImage', () => {
  it('draws every preset for every cuisine and variant as a safe standalone SVG', () => {
    for (const preset of PRESETS) {
      const { width, height } = IMAGE_PRESET_SIZES[preset];
      for (const c of CUISINES) {
        for (const variant of [1, 4, 8]) {
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
