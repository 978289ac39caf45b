import type { PartnerTheme } from '#shared/schemas/partner';
import { contrastRatio, escapeXml } from '../../lib/color';

/** Geometric marks for generated partner logos (deliberately generic shapes, no real brand marks). */
export const LOGO_MARKS = [
  'wing', 'laurel', 'key', 'diamond', 'triangle', 'bolt', 'circle', 'drop', 'arch', 'hexagon', 'crest', 'leaf',
  'heart', 'square', 'ring', 'globe', 'star', 'compass',
] as const;
export type LogoMark = (typeof LOGO_MARKS)[number];

function starPoints(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    out.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(' ');
}

function laurel(fg: string): string {
  const leaves: string[] = [];
  for (const side of [-1, 1]) {
    for (let i = 0; i < 5; i++) {
      const a = (Math.PI * (0.62 + i * 0.16));
      const x = 32 + side * 17 * Math.cos(a) * -1;
      const y = 34 + 17 * Math.sin(a) * -1 + 6;
      const rot = side * (i * 28 - 30);
      leaves.push(`<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="3.2" ry="7" transform="rotate(${rot} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${fg}"/>`);
    }
  }
  return leaves.join('');
}

/** The mark's inner shapes in a 64×64 box; fg on the primary background, accent for a detail. */
function markShapes(mark: LogoMark, fg: string, accent: string, bg: string): string {
  switch (mark) {
    case 'wing':
      return `<path d="M10 42C22 24 40 16 56 16C48 24 38 30 32 42Z" fill="${fg}"/><path d="M18 48C28 40 40 36 52 35C44 42 34 46 24 48Z" fill="${accent}"/>`;
    case 'laurel':
      return `${laurel(fg)}<circle cx="32" cy="30" r="5" fill="${accent}"/>`;
    case 'key':
      return `<circle cx="22" cy="32" r="10" fill="none" stroke="${fg}" stroke-width="5"/><path d="M31 29.5H54V34.5H50V41H45V34.5H41V39H36V34.5H31Z" fill="${fg}"/><circle cx="22" cy="32" r="3" fill="${accent}"/>`;
    case 'diamond':
      return `<path d="M32 9L55 32L32 55L9 32Z" fill="${fg}"/><path d="M32 21L43 32L32 43L21 32Z" fill="${accent}"/>`;
    case 'triangle':
      return `<path d="M32 12L54 50H10Z" fill="${fg}"/><path d="M32 28L42 46H22Z" fill="${accent}"/>`;
    case 'bolt':
      return `<path d="M36 8L14 36H30L26 56L50 26H34Z" fill="${fg}"/><circle cx="48" cy="48" r="4" fill="${accent}"/>`;
    case 'circle':
      return `<circle cx="32" cy="32" r="20" fill="${fg}"/><circle cx="32" cy="32" r="11" fill="${accent}"/><circle cx="32" cy="32" r="4" fill="${bg}"/>`;
    case 'drop':
      return `<path d="M32 9C32 9 14 31 14 41A18 18 0 0 0 50 41C50 31 32 9 32 9Z" fill="${fg}"/><path d="M24 40A8 8 0 0 0 32 48" fill="none" stroke="${accent}" stroke-width="3.5" stroke-linecap="round"/>`;
    case 'arch':
      return `<path d="M13 52V30A19 19 0 0 1 51 30V52H43V30A11 11 0 0 0 21 30V52Z" fill="${fg}"/><rect x="27" y="40" width="10" height="12" rx="2" fill="${accent}"/>`;
    case 'hexagon':
      return `<path d="M32 8L53 20V44L32 56L11 44V20Z" fill="${fg}"/><path d="M32 20L43 26V38L32 44L21 38V26Z" fill="${accent}"/>`;
    case 'crest':
      return `<path d="M32 9L52 17V31C52 44 43 52 32 56C21 52 12 44 12 31V17Z" fill="${fg}"/><path d="M32 19L40 23V31C40 38 36 42 32 44C28 42 24 38 24 31V23Z" fill="${accent}"/>`;
    case 'leaf':
      return `<path d="M12 52C12 26 32 12 53 12C53 36 40 52 12 52Z" fill="${fg}"/><path d="M16 48C26 38 36 28 46 19" fill="none" stroke="${accent}" stroke-width="3" stroke-linecap="round"/>`;
    case 'heart':
      return `<path d="M32 53C14 40 10 31 10 24A11 11 0 0 1 32 19A11 11 0 0 1 54 24C54 31 50 40 32 53Z" fill="${fg}"/><circle cx="24" cy="25" r="3.5" fill="${accent}"/>`;
    case 'square':
      return `<rect x="14" y="14" width="36" height="36" rx="6" fill="${fg}"/><rect x="24" y="24" width="16" height="16" rx="3" transform="rotate(45 32 32)" fill="${accent}"/>`;
    case 'ring':
      return `<circle cx="32" cy="32" r="18" fill="none" stroke="${fg}" stroke-width="7"/><circle cx="46" cy="18" r="6" fill="${accent}"/>`;
    case 'globe':
      return `<circle cx="32" cy="32" r="20" fill="none" stroke="${fg}" stroke-width="4"/><ellipse cx="32" cy="32" rx="9" ry="20" fill="none" stroke="${fg}" stroke-width="3"/><path d="M13 26H51M13 38H51" stroke="${accent}" stroke-width="3"/>`;
    case 'star':
      return `<polygon points="${starPoints(32, 33, 22, 9.5, 5)}" fill="${fg}"/><circle cx="32" cy="33" r="4.5" fill="${accent}"/>`;
    case 'compass':
      return `<circle cx="32" cy="32" r="21" fill="none" stroke="${fg}" stroke-width="4"/><path d="M32 14L38 32L32 50L26 32Z" fill="${fg}"/><path d="M32 14L38 32H26Z" fill="${accent}"/>`;
  }
}

export type LogoInput = { code: string; name: string; theme: PartnerTheme; mark: LogoMark };

/**
 * A standalone SVG logo: a rounded badge with a geometric mark and the display name as text, in the
 * partner's colours. The name colour is the primary colour when it reads well on the page
 * background, else the body text colour.
 */
export function renderPartnerLogo({ code, name, theme, mark }: LogoInput): string {
  const fontSize = 26;
  const textWidth = Math.ceil(name.length * fontSize * 0.6);
  const width = 64 + 14 + textWidth + 8;
  const height = 64;
  const nameColor = contrastRatio(theme.primary, theme.background) >= 4.5 ? theme.primary : theme.text;
  const accent = contrastRatio(theme.accent, theme.primary) >= 1.6 ? theme.accent : theme.secondary;
  const titleId = `logo-${code}-title`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${titleId}">`,
    `<title id="${titleId}">${escapeXml(name)}</title>`,
    `<rect x="0" y="0" width="64" height="64" rx="14" fill="${theme.primary}"/>`,
    markShapes(mark, theme.primaryText, accent, theme.primary),
    `<text x="78" y="41" font-family="${escapeXml(theme.fontFamily)}" font-size="${fontSize}" font-weight="700" fill="${nameColor}" textLength="${textWidth}" lengthAdjust="spacingAndGlyphs">${escapeXml(name)}</text>`,
    '</svg>',
  ].join('');
}
