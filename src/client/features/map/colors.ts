import type { PartnerTheme } from '#shared/schemas/partner';

function parse(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? hex[1]!.split('').map((c) => c + c).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

/** `a` mixed with `t` of `b` (0 … 1), as #rrggbb; `a` as it is when either cannot be read. */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return a;
  return `#${x.map((v, i) => Math.round(v + (y[i]! - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

export type BasePalette = { water: string; land: string; neighbours: string; stateBorder: string; countyBorder: string; coast: string };

/** The base layer's colours: quiet, tinted by the partner's own. */
export function basePalette(theme: Pick<PartnerTheme, 'primary' | 'surface' | 'text'>): BasePalette {
  const water = mix(mix('#b9d6ea', theme.primary, 0.12), theme.surface, 0.15);
  const land = mix(theme.surface, theme.text, 0.03);
  return {
    water,
    land,
    neighbours: mix(theme.surface, theme.text, 0.1),
    stateBorder: mix(mix(theme.text, theme.primary, 0.3), land, 0.45),
    countyBorder: mix(theme.text, land, 0.75),
    coast: mix(water, theme.text, 0.25),
  };
}
