import { CUISINE_BY_SLUG, type Motif } from './cuisines';
import { escapeXml, hslToHex, mixHex } from '../../lib/color';
import { Rng, hashString } from '../../lib/random';
import type { ImagePreset } from '#shared/schemas/merchant';

export const IMAGE_PRESET_SIZES = {
  tile: { width: 400, height: 300 },
  hero: { width: 1200, height: 500 },
  thumb: { width: 160, height: 160 },
  menu: { width: 600, height: 800 },
} as const satisfies Record<ImagePreset, { width: number; height: number }>;
export type RenderPreset = ImagePreset;

/** `<cuisine-slug>-<variant>.svg`, nothing else: no dots, slashes or upper case can reach the renderer. */
const IMAGE_PATH = /^([a-z0-9-]+)-(\d+)\.svg$/;
const MAX_PATH_LENGTH = 80;

type Palette = { bg: string; main: string; accent: string; highlight: string; ink: string; paper: string };

/** The parts of a picture that a variant chooses; two variants of a cuisine differ in at least one. */
export type Composition = { motif: Motif; scheme: number; pattern: number; layout: number };

type Art = {
  slug: string;
  variant: number;
  label: string;
  /** The cuisine's own dish: menus always show it. */
  baseMotif: Motif;
  composition: Composition;
  /** The variant's colour scheme. */
  palette: Palette;
  /** The cuisine's own colours on a light ground (menus). */
  classic: Palette;
  dishes: readonly string[];
  rng: Rng;
};

const FALLBACK_MOTIFS: readonly Motif[] = ['plate', 'bowl', 'salad', 'skewer', 'bread', 'coffee'];
const FALLBACK_DISHES = ['House Salad', 'Soup of the Day', 'Roast Chicken', 'Grilled Fish', 'Seasonal Vegetables', 'Chef\u2019s Special', 'Fresh Bread', 'Chocolate Cake'];
const GREEN = '#4f8a3c';
const DARK_GREEN = '#2f5d2a';
const WHITE = '#ffffff';
const BLACK = '#000000';

/**
 * The dishes a cuisine's pictures may centre on: its own dish first, then ones served beside it
 * (a pizzeria's salad or wine, a pub's burger). Every motif of a family still reads as that kind
 * of place; together with the colour schemes, grounds and layouts they give each cuisine hundreds
 * of distinct pictures, so a page of results repeats none.
 */
const MOTIF_FAMILIES: Record<Motif, readonly Motif[]> = {
  plate: ['plate', 'salad', 'skewer', 'bread'],
  pizza: ['pizza', 'plate', 'salad', 'wine'],
  bowl: ['bowl', 'plate', 'skewer', 'salad'],
  sushi: ['sushi', 'bowl', 'plate', 'salad'],
  burger: ['burger', 'beer', 'plate', 'salad'],
  taco: ['taco', 'plate', 'cocktail', 'salad'],
  wine: ['wine', 'plate', 'bread', 'salad'],
  cocktail: ['cocktail', 'wine', 'plate', 'skewer'],
  beer: ['beer', 'burger', 'bread', 'skewer'],
  coffee: ['coffee', 'bread', 'plate', 'salad'],
  bread: ['bread', 'coffee', 'plate', 'salad'],
  skewer: ['skewer', 'plate', 'bowl', 'salad'],
  salad: ['salad', 'bowl', 'plate', 'bread'],
};
/** Cuisines whose own table differs from their dish's family. */
const CUISINE_FAMILIES: Readonly<Record<string, readonly Motif[]>> = {
  italian: ['bowl', 'pizza', 'plate', 'wine', 'salad'],
  french: ['wine', 'plate', 'bread', 'coffee'],
  steakhouse: ['plate', 'wine', 'skewer', 'salad'],
  seafood: ['plate', 'bowl', 'wine', 'salad'],
  bbq: ['skewer', 'plate', 'beer', 'burger'],
  indian: ['bowl', 'bread', 'plate', 'skewer'],
  spanish: ['skewer', 'wine', 'plate', 'bread'],
  tapas: ['skewer', 'wine', 'plate', 'bread'],
  mediterranean: ['salad', 'skewer', 'plate', 'bread', 'wine'],
  greek: ['salad', 'skewer', 'plate', 'bread'],
  brunch: ['coffee', 'plate', 'bread', 'salad'],
  diner: ['burger', 'coffee', 'plate', 'salad'],
  cajun: ['bowl', 'plate', 'beer', 'bread'],
};

function familyOf(slug: string): readonly Motif[] {
  const base = CUISINE_BY_SLUG.get(slug)?.motif ?? FALLBACK_MOTIFS[hashString(slug) % FALLBACK_MOTIFS.length] ?? 'plate';
  return CUISINE_FAMILIES[slug] ?? MOTIF_FAMILIES[base];
}

/** Colour schemes built from a cuisine's four colours (light, tinted, dark, colour block, swapped, pastel). */
export const SCHEMES = 6;
/** Grounds: dots, stripes, checks, waves, gingham, soft circles. */
export const PATTERNS = 6;
/** Arrangements of the dishes on the picture. */
export const LAYOUTS = 3;

function titleCase(slug: string): string {
  return slug.split('-').filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/**
 * The composition of a variant, as digits of a mixed-radix number: neighbouring variants differ in
 * the dish first, then the colours, the ground and the layout, so pictures of one cuisine repeat
 * only every family × SCHEMES × PATTERNS × LAYOUTS variants (288 to 360).
 */
export function compositionOf(slug: string, variant: number): Composition {
  const family = familyOf(slug);
  let v = Math.max(0, variant - 1);
  const digit = (n: number) => {
    const d = v % n;
    v = Math.floor(v / n);
    return d;
  };
  const motif = family[digit(family.length)] ?? family[0] ?? 'plate';
  return { motif, scheme: digit(SCHEMES), pattern: digit(PATTERNS), layout: digit(LAYOUTS) };
}

/** Number of distinct compositions of a cuisine (the period of compositionOf). */
export function compositionCount(slug: string): number {
  return familyOf(slug).length * SCHEMES * PATTERNS * LAYOUTS;
}

function schemePalette(scheme: number, bg: string, main: string, accent: string, highlight: string): Palette {
  const ink = mixHex(accent, BLACK, 0.55);
  const paper = mixHex(bg, WHITE, 0.6);
  switch (scheme) {
    case 1: return { bg: mixHex(bg, highlight, 0.4), main, accent, highlight: mixHex(highlight, main, 0.3), ink, paper };
    case 2: {
      // A dark table: light lines instead of dark ones.
      const dark = mixHex(accent, BLACK, 0.45);
      return { bg: dark, main, accent: mixHex(accent, WHITE, 0.35), highlight, ink: mixHex(dark, WHITE, 0.8), paper };
    }
    case 3: return { bg: mixHex(main, WHITE, 0.5), main: accent, accent: main, highlight, ink, paper };
    case 4: return { bg: mixHex(bg, accent, 0.22), main: highlight, accent, highlight: main, ink, paper };
    case 5: return { bg: mixHex(highlight, WHITE, 0.6), main, accent: mixHex(accent, highlight, 0.3), highlight: mixHex(main, WHITE, 0.35), ink, paper };
    default: return { bg, main, accent, highlight, ink, paper };
  }
}

function artFor(slug: string, variant: number): Art {
  const cuisine = CUISINE_BY_SLUG.get(slug);
  const rng = new Rng(hashString(`${slug}:${variant}`));
  let bg: string;
  let main: string;
  let accent: string;
  let highlight: string;
  if (cuisine) {
    [bg, main, accent, highlight] = cuisine.palette;
  } else {
    const hue = hashString(slug) % 360;
    bg = hslToHex(hue, 45, 95);
    main = hslToHex(hue, 60, 42);
    accent = hslToHex((hue + 150) % 360, 45, 35);
    highlight = hslToHex((hue + 40) % 360, 85, 62);
  }
  const composition = compositionOf(slug, variant);
  return {
    slug,
    variant,
    label: cuisine?.name ?? titleCase(slug),
    baseMotif: cuisine?.motif ?? FALLBACK_MOTIFS[hashString(slug) % FALLBACK_MOTIFS.length] ?? 'plate',
    composition,
    palette: schemePalette(composition.scheme, bg, main, accent, highlight),
    classic: schemePalette(0, bg, main, accent, highlight),
    dishes: cuisine?.dishes ?? FALLBACK_DISHES,
    rng,
  };
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

// ------------------------------------------------------------------ motifs (drawn in a 200×200 box)

function plate(p: Palette, rng: Rng): string {
  const blobs: string[] = [];
  const colors = [p.main, p.accent, p.highlight];
  for (let i = 0; i < 3; i++) {
    const a = rng.float(0, Math.PI * 2);
    const r = rng.float(8, 26);
    blobs.push(`<ellipse cx="${f(100 + Math.cos(a) * r)}" cy="${f(100 + Math.sin(a) * r)}" rx="${f(rng.float(18, 30))}" ry="${f(rng.float(12, 22))}" transform="rotate(${f(rng.float(0, 180))} 100 100)" fill="${colors[i]}"/>`);
  }
  const herbs = Array.from({ length: 5 }, () => {
    const x = rng.float(70, 130);
    const y = rng.float(70, 130);
    return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="6" ry="2.6" transform="rotate(${f(rng.float(0, 180))} ${f(x)} ${f(y)})" fill="${GREEN}"/>`;
  });
  return `<ellipse cx="104" cy="110" rx="86" ry="84" fill="#000" opacity="0.08"/><circle cx="100" cy="100" r="84" fill="${WHITE}"/><circle cx="100" cy="100" r="84" fill="none" stroke="${mixHex(p.bg, p.main, 0.25)}" stroke-width="3"/><circle cx="100" cy="100" r="62" fill="none" stroke="${mixHex(WHITE, p.bg, 0.8)}" stroke-width="2"/>${blobs.join('')}${herbs.join('')}`;
}

function pizza(p: Palette, rng: Rng): string {
  const crust = mixHex(p.highlight, '#8b4513', 0.35);
  const slices = Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI) / 3 + 0.2;
    return `<line x1="100" y1="100" x2="${f(100 + Math.cos(a) * 78)}" y2="${f(100 + Math.sin(a) * 78)}" stroke="${crust}" stroke-width="2.5"/>`;
  });
  const toppings = Array.from({ length: 9 }, () => {
    const a = rng.float(0, Math.PI * 2);
    const r = rng.float(14, 60);
    return `<circle cx="${f(100 + Math.cos(a) * r)}" cy="${f(100 + Math.sin(a) * r)}" r="${f(rng.float(7, 10))}" fill="${p.main}"/>`;
  });
  const basil = Array.from({ length: 4 }, () => {
    const x = rng.float(60, 140);
    const y = rng.float(60, 140);
    return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="8" ry="4" transform="rotate(${f(rng.float(0, 180))} ${f(x)} ${f(y)})" fill="${GREEN}"/>`;
  });
  return `<ellipse cx="104" cy="108" rx="88" ry="86" fill="#000" opacity="0.08"/><circle cx="100" cy="100" r="86" fill="${crust}"/><circle cx="100" cy="100" r="74" fill="${mixHex(p.highlight, WHITE, 0.25)}"/>${toppings.join('')}${basil.join('')}${slices.join('')}`;
}

const CHOPSTICK_CUISINES = new Set(['chinese', 'japanese', 'ramen', 'thai', 'vietnamese', 'korean', 'dim-sum', 'poke', 'sushi']);

function bowl(p: Palette, rng: Rng, slug: string): string {
  const broth = mixHex(p.highlight, p.main, 0.25);
  const noodles = Array.from({ length: 4 }, (_, i) => {
    const y = 92 + i * 4;
    return `<path d="M52 ${y}q12 -6 24 0t24 0t24 0t24 0" fill="none" stroke="${mixHex(p.highlight, WHITE, 0.55)}" stroke-width="3" stroke-linecap="round"/>`;
  });
  const steam = [70, 100, 130].map((x) => `<path d="M${x} 62c-8 -10 8 -16 0 -28" fill="none" stroke="${p.ink}" stroke-width="3" stroke-linecap="round" opacity="0.25"/>`);
  const utensil = CHOPSTICK_CUISINES.has(slug)
    ? `<line x1="120" y1="40" x2="182" y2="98" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/><line x1="134" y1="34" x2="188" y2="92" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/>`
    : `<g transform="rotate(40 150 70)"><ellipse cx="150" cy="50" rx="11" ry="15" fill="${mixHex(p.ink, WHITE, 0.55)}"/><rect x="147" y="62" width="6" height="52" rx="3" fill="${mixHex(p.ink, WHITE, 0.55)}"/></g>`;
  const garnish = `<circle cx="${f(rng.float(80, 95))}" cy="96" r="9" fill="${WHITE}"/><circle cx="${f(rng.float(80, 95))}" cy="96" r="4.5" fill="${p.highlight}"/><ellipse cx="122" cy="94" rx="9" ry="4" fill="${GREEN}"/>`;
  return `<ellipse cx="100" cy="176" rx="70" ry="10" fill="#000" opacity="0.1"/>${steam.join('')}<path d="M28 96h144c0 42 -32 74 -72 74s-72 -32 -72 -74z" fill="${p.main}"/><path d="M40 118h120" stroke="${mixHex(p.main, WHITE, 0.35)}" stroke-width="5"/><ellipse cx="100" cy="96" rx="72" ry="14" fill="${broth}"/>${noodles.join('')}${garnish}${utensil}`;
}

function sushi(p: Palette, rng: Rng): string {
  const board = mixHex(p.highlight, '#a0703c', 0.45);
  const rolls = [58, 100, 142].map((x) => {
    const y = 84 + rng.float(-4, 4);
    return `<circle cx="${x}" cy="${f(y)}" r="21" fill="#1f2a2a"/><circle cx="${x}" cy="${f(y)}" r="16" fill="${WHITE}"/><circle cx="${x}" cy="${f(y)}" r="7" fill="${p.main}"/><circle cx="${x + 3}" cy="${f(y - 2)}" r="3" fill="${GREEN}"/>`;
  });
  const nigiri = [72, 128].map((x) => `<ellipse cx="${x}" cy="132" rx="24" ry="11" fill="${WHITE}"/><path d="M${x - 26} 128c10 -14 42 -14 52 0c-10 6 -42 6 -52 0z" fill="${p.accent === '#264653' ? '#f4a261' : p.main}"/><path d="M${x - 12} 122l6 8M${x} 120l6 9M${x + 12} 122l5 7" stroke="${WHITE}" stroke-width="2" opacity="0.6"/>`);
  return `<rect x="18" y="54" width="164" height="106" rx="12" fill="${board}"/><rect x="18" y="150" width="164" height="10" rx="4" fill="${mixHex(board, '#000', 0.25)}"/>${rolls.join('')}${nigiri.join('')}<circle cx="166" cy="140" r="8" fill="${GREEN}"/>`;
}

function burger(p: Palette): string {
  const bun = mixHex(p.highlight, '#c47a2c', 0.5);
  const seeds = [[78, 62], [96, 54], [114, 60], [130, 70], [86, 76], [108, 72]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="3.5" ry="2" fill="${WHITE}"/>`);
  return `<ellipse cx="100" cy="176" rx="76" ry="10" fill="#000" opacity="0.1"/><path d="M34 96c0 -40 30 -54 66 -54s66 14 66 54z" fill="${bun}"/>${seeds.join('')}<path d="M28 100q9 -8 18 0t18 0t18 0t18 0t18 0t18 0t18 0t18 0v8h-144z" fill="${GREEN}"/><path d="M34 110h132l-12 14l-16 -10l-18 12l-20 -12l-18 12l-18 -12l-16 10z" fill="${p.highlight}"/><rect x="30" y="118" width="140" height="24" rx="11" fill="#5a3220"/><rect x="36" y="146" width="128" height="8" rx="4" fill="${p.main}"/><path d="M34 156h132c0 12 -8 18 -20 18h-92c-12 0 -20 -6 -20 -18z" fill="${bun}"/>`;
}

function taco(p: Palette, rng: Rng): string {
  const shell = mixHex(p.highlight, '#d9a441', 0.4);
  const bits = Array.from({ length: 10 }, () => `<circle cx="${f(rng.float(52, 148))}" cy="${f(rng.float(80, 100))}" r="${f(rng.float(4, 7))}" fill="${rng.chance(0.5) ? p.main : WHITE}"/>`);
  return `<ellipse cx="100" cy="170" rx="80" ry="10" fill="#000" opacity="0.1"/><path d="M36 100c0 -30 28 -44 64 -44s64 14 64 44" fill="none" stroke="${GREEN}" stroke-width="16" stroke-linecap="round"/><path d="M44 100c0 -24 24 -36 56 -36s56 12 56 36z" fill="#6b3a24"/>${bits.join('')}<path d="M24 104h152c0 36 -34 62 -76 62s-76 -26 -76 -62z" fill="${shell}"/><path d="M40 116c18 18 102 18 120 0" fill="none" stroke="${mixHex(shell, '#000', 0.15)}" stroke-width="3"/><circle cx="168" cy="66" r="14" fill="${mixHex(GREEN, '#b5e48c', 0.5)}"/><circle cx="168" cy="66" r="9" fill="none" stroke="${WHITE}" stroke-width="2"/>`;
}

function wine(p: Palette): string {
  return `<ellipse cx="100" cy="180" rx="60" ry="8" fill="#000" opacity="0.1"/><path d="M70 30h60c4 40 -6 70 -30 74c-24 -4 -34 -34 -30 -74z" fill="${WHITE}" opacity="0.75" stroke="${p.ink}" stroke-width="2"/><path d="M72 62h56c-2 24 -10 38 -28 40c-18 -2 -26 -16 -28 -40z" fill="${p.main}"/><rect x="97" y="104" width="6" height="56" fill="${p.ink}" opacity="0.7"/><ellipse cx="100" cy="162" rx="30" ry="7" fill="${p.ink}" opacity="0.7"/><g fill="${p.accent}"><circle cx="150" cy="128" r="9"/><circle cx="166" cy="128" r="9"/><circle cx="158" cy="142" r="9"/><circle cx="142" cy="142" r="9"/><circle cx="174" cy="142" r="9"/><circle cx="150" cy="156" r="9"/><circle cx="166" cy="156" r="9"/><circle cx="158" cy="170" r="9"/></g><path d="M158 118c0 -8 6 -14 14 -16" stroke="${DARK_GREEN}" stroke-width="3" fill="none"/>`;
}

function cocktail(p: Palette): string {
  return `<ellipse cx="100" cy="182" rx="56" ry="8" fill="#000" opacity="0.1"/><path d="M40 40h120l-60 70z" fill="${WHITE}" opacity="0.8" stroke="${p.ink}" stroke-width="2"/><path d="M52 54h96l-48 56z" fill="${p.main}"/><rect x="97" y="108" width="6" height="56" fill="${p.ink}" opacity="0.7"/><ellipse cx="100" cy="166" rx="32" ry="7" fill="${p.ink}" opacity="0.7"/><circle cx="144" cy="46" r="20" fill="${p.highlight}"/><circle cx="144" cy="46" r="15" fill="none" stroke="${WHITE}" stroke-width="2"/><path d="M144 31v30M129 46h30M133 35l22 22M155 35l-22 22" stroke="${WHITE}" stroke-width="1.5"/><line x1="70" y1="30" x2="104" y2="82" stroke="${p.ink}" stroke-width="2.5"/><circle cx="96" cy="70" r="6" fill="${GREEN}"/>`;
}

function beer(p: Palette): string {
  const amber = mixHex(p.highlight, '#e09f3e', 0.5);
  return `<ellipse cx="96" cy="180" rx="64" ry="9" fill="#000" opacity="0.1"/><path d="M136 78h14c14 0 22 10 22 26v20c0 16 -8 26 -22 26h-14v-14h12c6 0 10 -4 10 -12v-20c0 -8 -4 -12 -10 -12h-12z" fill="${WHITE}" opacity="0.85" stroke="${p.ink}" stroke-width="2"/><rect x="44" y="56" width="96" height="118" rx="10" fill="${WHITE}" opacity="0.75" stroke="${p.ink}" stroke-width="2"/><rect x="50" y="72" width="84" height="96" rx="6" fill="${amber}"/><g fill="${WHITE}"><circle cx="56" cy="60" r="14"/><circle cx="78" cy="52" r="16"/><circle cx="102" cy="54" r="15"/><circle cx="124" cy="58" r="14"/><rect x="44" y="58" width="96" height="16"/></g><g fill="${WHITE}" opacity="0.6"><circle cx="70" cy="120" r="3"/><circle cx="84" cy="140" r="2.5"/><circle cx="110" cy="110" r="3"/><circle cx="120" cy="146" r="2"/></g><path d="M66 84v72M118 84v72" stroke="${WHITE}" stroke-width="4" opacity="0.35"/>`;
}

function coffee(p: Palette): string {
  const crema = mixHex('#6f4e37', p.highlight, 0.35);
  return `<ellipse cx="100" cy="150" rx="86" ry="24" fill="${WHITE}" stroke="${mixHex(p.bg, p.main, 0.3)}" stroke-width="2"/><ellipse cx="100" cy="146" rx="60" ry="14" fill="${mixHex(p.bg, WHITE, 0.5)}"/><path d="M44 74h112v30c0 30 -24 46 -56 46s-56 -16 -56 -46z" fill="${p.main}"/><path d="M156 84c18 0 24 10 24 18s-8 18 -26 18" fill="none" stroke="${p.main}" stroke-width="9"/><ellipse cx="100" cy="74" rx="56" ry="12" fill="${crema}"/><path d="M100 84c-10 -10 -22 -4 -16 4c4 4 16 10 16 10s12 -6 16 -10c6 -8 -6 -14 -16 -4z" fill="${WHITE}" opacity="0.85"/><path d="M80 54c-6 -8 6 -12 0 -22M100 52c-6 -8 6 -12 0 -22M120 54c-6 -8 6 -12 0 -22" fill="none" stroke="${p.ink}" stroke-width="3" stroke-linecap="round" opacity="0.3"/>`;
}

function bread(p: Palette, rng: Rng): string {
  const crust = mixHex(p.highlight, '#b5651d', 0.45);
  const scores = [70, 92, 114].map((x) => `<path d="M${x} ${f(70 + rng.float(-3, 3))}c10 10 14 30 10 46" fill="none" stroke="${mixHex(crust, WHITE, 0.45)}" stroke-width="5" stroke-linecap="round"/>`);
  return `<ellipse cx="100" cy="170" rx="84" ry="11" fill="#000" opacity="0.1"/><ellipse cx="92" cy="104" rx="70" ry="46" fill="${crust}"/>${scores.join('')}<path d="M124 150c10 -26 44 -34 62 -16c-8 -4 -18 -2 -22 4c12 0 18 8 18 14c-10 -6 -22 -4 -28 2c-10 0 -22 -2 -30 -4z" fill="${mixHex(crust, p.highlight, 0.5)}"/><g fill="${p.main}" opacity="0.8"><circle cx="34" cy="158" r="5"/><circle cx="46" cy="164" r="4"/></g>`;
}

function skewer(p: Palette, rng: Rng): string {
  const row = (y: number, tilt: number) => {
    const pieces = [p.main, p.highlight, GREEN, p.main, p.accent].map((c, i) => `<rect x="${32 + i * 28}" y="${y - 12}" width="24" height="24" rx="7" fill="${c}" transform="rotate(${f(rng.float(-8, 8))} ${44 + i * 28} ${y})"/>`);
    return `<g transform="rotate(${tilt} 100 ${y})"><line x1="14" y1="${y}" x2="188" y2="${y}" stroke="#8d6e4a" stroke-width="4" stroke-linecap="round"/>${pieces.join('')}</g>`;
  };
  const grill = [60, 84, 108, 132, 156].map((y) => `<line x1="20" y1="${y}" x2="180" y2="${y}" stroke="${p.ink}" stroke-width="3" opacity="0.18"/>`);
  return `<rect x="12" y="44" width="176" height="124" rx="16" fill="${mixHex(p.ink, WHITE, 0.2)}" opacity="0.12"/>${grill.join('')}${row(84, -6)}${row(128, 5)}`;
}

function salad(p: Palette, rng: Rng): string {
  const leaves = Array.from({ length: 12 }, () => {
    const a = rng.float(0, Math.PI * 2);
    const r = rng.float(0, 48);
    const x = 100 + Math.cos(a) * r;
    const y = 100 + Math.sin(a) * r;
    return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rng.float(12, 18))}" ry="${f(rng.float(6, 9))}" transform="rotate(${f(rng.float(0, 180))} ${f(x)} ${f(y)})" fill="${rng.chance(0.5) ? GREEN : mixHex(GREEN, '#b5e48c', 0.5)}"/>`;
  });
  const toppings = Array.from({ length: 7 }, () => {
    const a = rng.float(0, Math.PI * 2);
    const r = rng.float(0, 44);
    return `<circle cx="${f(100 + Math.cos(a) * r)}" cy="${f(100 + Math.sin(a) * r)}" r="${f(rng.float(5, 8))}" fill="${rng.chance(0.6) ? p.main : '#2b2b2b'}"/>`;
  });
  return `<ellipse cx="104" cy="108" rx="84" ry="82" fill="#000" opacity="0.08"/><circle cx="100" cy="100" r="80" fill="${p.accent}"/><circle cx="100" cy="100" r="70" fill="${mixHex(p.accent, WHITE, 0.85)}"/>${leaves.join('')}${toppings.join('')}<circle cx="${f(rng.float(85, 115))}" cy="${f(rng.float(85, 115))}" r="11" fill="${WHITE}" opacity="0.9"/>`;
}

function motif(kind: Motif, p: Palette, rng: Rng, slug: string): string {
  switch (kind) {
    case 'plate': return plate(p, rng);
    case 'pizza': return pizza(p, rng);
    case 'bowl': return bowl(p, rng, slug);
    case 'sushi': return sushi(p, rng);
    case 'burger': return burger(p);
    case 'taco': return taco(p, rng);
    case 'wine': return wine(p);
    case 'cocktail': return cocktail(p);
    case 'beer': return beer(p);
    case 'coffee': return coffee(p);
    case 'bread': return bread(p, rng);
    case 'skewer': return skewer(p, rng);
    case 'salad': return salad(p, rng);
  }
}

/** Places a motif drawn in the 200×200 box, centred at (cx, cy), scaled and slightly rotated. */
function place(body: string, cx: number, cy: number, scale: number, rotate = 0): string {
  return `<g transform="translate(${f(cx - 100 * scale)} ${f(cy - 100 * scale)}) scale(${f(scale)}) rotate(${f(rotate)} 100 100)">${body}</g>`;
}

function cutlery(p: Palette, x: number, y: number, scale: number): string {
  const c = mixHex(p.ink, WHITE, 0.35);
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${f(scale)})" fill="${c}" opacity="0.55"><rect x="0" y="30" width="6" height="90" rx="3"/><rect x="-6" y="0" width="3" height="34" rx="1.5"/><rect x="1.5" y="0" width="3" height="34" rx="1.5"/><rect x="9" y="0" width="3" height="34" rx="1.5"/><path d="M-6 30h18v6h-18z"/><path d="M30 0c10 10 10 40 2 52v68h-6v-120z"/></g>`;
}

// ------------------------------------------------------------------ backgrounds

function pattern(art: Art, width: number, height: number): string {
  const { palette: p, rng } = art;
  const kind = art.composition.pattern;
  const dark = art.composition.scheme === 2;
  const color = dark ? mixHex(p.bg, WHITE, 0.14) : mixHex(p.bg, p.main, 0.14);
  if (kind === 0) {
    const step = 22 + rng.int(0, 3) * 4;
    return `<defs><pattern id="pt" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><circle cx="${step / 2}" cy="${step / 2}" r="3" fill="${color}"/></pattern></defs><rect width="${width}" height="${height}" fill="url(#pt)"/>`;
  }
  if (kind === 1) {
    return `<defs><pattern id="pt" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(${rng.pick([45, -45, 30, 60])})"><rect width="14" height="36" fill="${color}"/></pattern></defs><rect width="${width}" height="${height}" fill="url(#pt)" opacity="0.7"/>`;
  }
  if (kind === 2) {
    return `<defs><pattern id="pt" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="${color}"/><rect x="24" y="24" width="24" height="24" fill="${color}"/></pattern></defs><rect width="${width}" height="${height}" fill="url(#pt)" opacity="0.55"/>`;
  }
  if (kind === 3) {
    return `<defs><pattern id="pt" width="60" height="24" patternUnits="userSpaceOnUse"><path d="M0 12q15 -10 30 0t30 0" fill="none" stroke="${color}" stroke-width="3"/></pattern></defs><rect width="${width}" height="${height}" fill="url(#pt)"/>`;
  }
  if (kind === 4) {
    // Gingham: two crossing bands of the accent colour, a tablecloth.
    const band = dark ? mixHex(p.bg, WHITE, 0.2) : mixHex(p.bg, p.accent, 0.16);
    return `<defs><pattern id="pt" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="20" height="40" fill="${band}" opacity="0.6"/><rect width="40" height="20" fill="${band}" opacity="0.6"/></pattern></defs><rect width="${width}" height="${height}" fill="url(#pt)"/>`;
  }
  const circles = Array.from({ length: 7 }, () => `<circle cx="${f(rng.float(0, width))}" cy="${f(rng.float(0, height))}" r="${f(rng.float(height * 0.12, height * 0.35))}" fill="${rng.pick([p.main, p.accent, p.highlight])}" opacity="0.1"/>`);
  return circles.join('');
}

function confetti(art: Art, width: number, height: number, n: number): string {
  const { palette: p, rng } = art;
  return Array.from({ length: n }, () => {
    const x = rng.float(0, width);
    const y = rng.float(0, height);
    const c = rng.pick([p.main, p.accent, p.highlight, GREEN]);
    return rng.chance(0.5)
      ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rng.float(2, 5))}" fill="${c}" opacity="0.5"/>`
      : `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rng.float(4, 8))}" ry="2.5" transform="rotate(${f(rng.float(0, 180))} ${f(x)} ${f(y)})" fill="${c}" opacity="0.5"/>`;
  }).join('');
}

function frame(width: number, height: number, titleText: string, content: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t">`,
    `<title id="t">${escapeXml(titleText)}</title>`,
    content,
    '</svg>',
  ].join('');
}

// ------------------------------------------------------------------ presets

function tile(art: Art): string {
  const { width, height } = IMAGE_PRESET_SIZES.tile;
  const { palette: p, rng, composition: c } = art;
  const parts = [`<rect width="${width}" height="${height}" fill="${p.bg}"/>`, pattern(art, width, height)];
  if (c.layout === 1) {
    // Two dishes: the main one large on one side, a side dish smaller on the other.
    const left = rng.chance(0.5);
    const side = sideMotifs(art)[0] ?? 'salad';
    parts.push(
      confetti(art, width, height, 8),
      `<circle cx="${left ? 140 : 260}" cy="160" r="${f(rng.float(110, 130))}" fill="${p.highlight}" opacity="0.22"/>`,
      place(motif(side, p, rng, art.slug), left ? 318 : 82, 112, 0.7, rng.float(-10, 10)),
      place(motif(c.motif, p, rng, art.slug), left ? 150 : 250, 168, 1.15, rng.float(-8, 8)),
    );
  } else if (c.layout === 2) {
    // Close-up from above: one large dish running off the edge, cutlery on both sides.
    const cx = rng.pick([150, 250]);
    parts.push(
      confetti(art, width, height, 14),
      cutlery(p, cx > 200 ? 40 : 340, 60, 1.2),
      place(motif(c.motif, p, rng, art.slug), cx, 190, 1.6, rng.float(-20, 20)),
    );
  } else {
    const cx = 200 + rng.float(-40, 40);
    parts.push(
      `<circle cx="${f(cx + rng.float(-30, 30))}" cy="${f(150 + rng.float(-20, 20))}" r="${f(rng.float(120, 150))}" fill="${p.highlight}" opacity="0.22"/>`,
      confetti(art, width, height, 10),
      cutlery(p, cx > 200 ? 40 : 330, 80, 1.1),
      place(motif(c.motif, p, rng, art.slug), cx, 156, 1.2, rng.float(-8, 8)),
    );
  }
  return frame(width, height, `${art.label} dish illustration`, parts.join(''));
}

/** Side dishes from a small family so a scene reads as one table. */
function sideMotifs(art: Art): Motif[] {
  const m = art.composition.motif;
  if (m === 'wine' || m === 'cocktail' || m === 'beer') return ['salad', 'bread'];
  if (m === 'coffee') return ['bread', 'plate'];
  if (m === 'bread') return ['coffee', 'salad'];
  return [art.baseMotif !== m ? art.baseMotif : 'salad', 'wine'];
}

function hero(art: Art): string {
  const { width, height } = IMAGE_PRESET_SIZES.hero;
  const { palette: p, rng, composition: c } = art;
  const sides = sideMotifs(art);
  const left = rng.chance(0.5);
  const mainX = c.layout === 2 ? 600 : left ? 380 : 820;
  const parts = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg}"/><stop offset="1" stop-color="${mixHex(p.bg, p.highlight, 0.35)}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    pattern(art, width, height),
    `<path d="M0 ${f(360 + rng.float(-30, 30))}C300 ${f(300 + rng.float(-40, 40))} 800 ${f(420 + rng.float(-40, 40))} 1200 ${f(330 + rng.float(-30, 30))}V500H0z" fill="${p.main}" opacity="0.16"/>`,
    confetti(art, width, height, 26),
    `<circle cx="${mainX}" cy="250" r="220" fill="${p.highlight}" opacity="0.2"/>`,
  ];
  if (c.layout === 1) {
    // A spread: three dishes in a row.
    parts.push(
      place(motif(sides[0] ?? 'salad', p, rng, art.slug), 220, 290, 1.1, rng.float(-10, 10)),
      place(motif(sides[1] ?? 'wine', p, rng, art.slug), 980, 280, 1.1, rng.float(-8, 8)),
      place(motif(c.motif, p, rng, art.slug), 600, 260, 1.8, rng.float(-6, 6)),
    );
  } else if (c.layout === 2) {
    // One dish in the middle, cutlery on both sides.
    parts.push(
      cutlery(p, 300, 120, 1.8),
      cutlery(p, 860, 120, 1.8),
      place(motif(c.motif, p, rng, art.slug), 600, 260, 2.1, rng.float(-10, 10)),
    );
  } else {
    parts.push(
      place(motif(sides[0] ?? 'salad', p, rng, art.slug), left ? 760 : 200, 300, 1.05, rng.float(-10, 10)),
      place(motif(sides[1] ?? 'wine', p, rng, art.slug), left ? 1040 : 470, 240, 1.0, rng.float(-6, 6)),
      cutlery(p, left ? 120 : 1050, 150, 1.6),
      place(motif(c.motif, p, rng, art.slug), mainX, 260, 1.9, rng.float(-6, 6)),
    );
  }
  return frame(width, height, `${art.label} table illustration`, parts.join(''));
}

function thumb(art: Art): string {
  const { width, height } = IMAGE_PRESET_SIZES.thumb;
  const { palette: p, rng } = art;
  return frame(width, height, `${art.label} dish`, [
    `<rect width="${width}" height="${height}" fill="${p.bg}"/>`,
    pattern(art, width, height),
    `<circle cx="80" cy="80" r="74" fill="${p.highlight}" opacity="0.25"/>`,
    place(motif(art.composition.motif, p, rng, art.slug), 80, 82, 0.72, rng.float(-8, 8)),
  ].join(''));
}

function menu(art: Art): string {
  const { width, height } = IMAGE_PRESET_SIZES.menu;
  const { classic: p, rng } = art;
  // The dish lists are not split by course, so the sections have course-neutral names.
  const dishes = rng.shuffle(art.dishes);
  const bar = art.baseMotif === 'wine' || art.baseMotif === 'cocktail' || art.baseMotif === 'beer';
  const sections: { title: string; items: string[] }[] = [
    { title: 'House favourites', items: dishes.slice(0, 3) },
    { title: bar ? 'From the bar' : 'From the kitchen', items: dishes.slice(3, 6) },
    { title: 'Chef\u2019s picks', items: dishes.slice(6, 8) },
  ];
  const serif = 'Georgia, &quot;Times New Roman&quot;, serif';
  const ink = mixHex(p.accent, '#000000', 0.45);
  const out: string[] = [
    `<rect width="${width}" height="${height}" fill="${mixHex(p.bg, p.main, 0.3)}"/>`,
    `<rect x="24" y="24" width="552" height="752" rx="6" fill="${p.paper}"/>`,
    `<rect x="40" y="40" width="520" height="720" fill="none" stroke="${p.main}" stroke-width="2"/>`,
    `<rect x="46" y="46" width="508" height="708" fill="none" stroke="${p.main}" stroke-width="1" opacity="0.5"/>`,
    place(motif(art.baseMotif, p, rng, art.slug), 300, 118, 0.5),
    `<text x="300" y="206" text-anchor="middle" font-family="${serif}" font-size="34" font-weight="700" letter-spacing="4" fill="${ink}">${escapeXml(art.label.toUpperCase())}</text>`,
    `<text x="300" y="234" text-anchor="middle" font-family="${serif}" font-size="16" font-style="italic" fill="${ink}" opacity="0.8">Menu \u00b7 No. ${art.variant}</text>`,
    `<path d="M200 252h80M320 252h80" stroke="${p.main}" stroke-width="2"/><circle cx="300" cy="252" r="5" fill="${p.highlight}" stroke="${p.main}" stroke-width="2"/>`,
  ];
  let y = 300;
  for (const section of sections) {
    out.push(`<text x="300" y="${y}" text-anchor="middle" font-family="${serif}" font-size="20" font-weight="700" letter-spacing="2" fill="${p.main}">${escapeXml(section.title.toUpperCase())}</text>`);
    y += 36;
    for (const dish of section.items) {
      const price = rng.int(6, 36) + (rng.chance(0.5) ? 0.5 : 0);
      const priceText = `$${price % 1 === 0 ? price : price.toFixed(2)}`;
      out.push(`<text x="80" y="${y}" font-family="${serif}" font-size="18" fill="${ink}">${escapeXml(dish)}</text>`);
      out.push(`<line x1="${f(Math.min(400, 88 + dish.length * 9))}" y1="${y - 5}" x2="${490 - priceText.length * 6}" y2="${y - 5}" stroke="${ink}" stroke-width="1.5" stroke-dasharray="1 6" stroke-linecap="round" opacity="0.5"/>`);
      out.push(`<text x="520" y="${y}" text-anchor="end" font-family="${serif}" font-size="18" font-weight="700" fill="${ink}">${priceText}</text>`);
      y += 34;
    }
    y += 26;
  }
  out.push(`<text x="300" y="728" text-anchor="middle" font-family="${serif}" font-size="13" font-style="italic" fill="${ink}" opacity="0.7">Dishes and prices change with the seasons.</text>`);
  return frame(width, height, `${art.label} menu`, out.join(''));
}

function isPreset(value: string): value is RenderPreset {
  return Object.prototype.hasOwnProperty.call(IMAGE_PRESET_SIZES, value);
}

/**
 * Draws the merchant image for a preset and an image path like `italian-3.svg`: a deterministic,
 * self-contained SVG (no scripts, no external references). Returns null for anything else.
 */
export function renderMerchantImage(preset: RenderPreset, imagePath: string): string | null {
  if (!isPreset(preset) || typeof imagePath !== 'string' || imagePath.length > MAX_PATH_LENGTH) return null;
  const m = IMAGE_PATH.exec(imagePath);
  if (!m?.[1] || !m[2]) return null;
  const slug = m[1];
  if (slug.startsWith('-') || slug.endsWith('-') || slug.includes('--')) return null;
  const variant = Number.parseInt(m[2], 10);
  if (!Number.isSafeInteger(variant)) return null;
  const art = artFor(slug, variant);
  switch (preset) {
    case 'tile': return tile(art);
    case 'hero': return hero(art);
    case 'thumb': return thumb(art);
    case 'menu': return menu(art);
  }
}
