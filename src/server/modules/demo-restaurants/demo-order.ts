import type { MerchantRow } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { hashString } from '../../lib/random';
import { CUISINE_BY_NAME } from '../images';
import { merchantImageUrl } from '#shared/constants/merchant';

/**
 * The demo restaurants' own ordering pages (issue 25 item 13). A demo restaurant that takes orders
 * online links its order-online options to a page of ours, at a path that is clearly its own
 * (/demo-restaurants/{id}/order), instead of a placeholder address on example.com: a simple page
 * with its name, address, the way of ordering (delivery or takeout) and its menu. Nothing is
 * ordered or charged here: the page says so, and gives the restaurant's phone.
 */

export const DEMO_ORDER_PREFIX = '/demo-restaurants/';
/** Written by the demo generator before the restaurant has an id; the seed puts the id in (seed.ts). */
export const DEMO_ORDER_ID_PLACEHOLDER = ':id';
export const ORDER_MODES = ['delivery', 'takeout'] as const;
export type OrderMode = (typeof ORDER_MODES)[number];

/** The ordering page of a demo restaurant for a mode: /demo-restaurants/42/order?mode=takeout. */
export function demoOrderPath(id: number | typeof DEMO_ORDER_ID_PLACEHOLDER, mode: OrderMode): string {
  return `${DEMO_ORDER_PREFIX}${id}/order?mode=${mode}`;
}

/** Whether the restaurant's stored ordering link of `mode` is this page of ours. */
export function isDemoOrderLink(row: Pick<MerchantRow, 'id' | 'orderOnline'>, mode: OrderMode): boolean {
  const url = row.orderOnline?.[mode];
  return typeof url === 'string' && url === demoOrderPath(row.id, mode);
}

export type MenuItem = { name: string; description: string; priceCents: number };
export type MenuSection = { title: string; items: MenuItem[] };

const SIDES = ['House salad', 'Seasonal vegetables', 'Fries', 'Garlic bread', 'Soup of the day'];
const DESSERTS = ['Chocolate cake', 'Seasonal fruit tart', 'Ice cream, two scoops'];
const DRINKS = ['Sparkling water', 'Fresh lemonade', 'Iced tea', 'Soft drink'];

/**
 * The restaurant's menu, the same every time: its cuisines' dishes as mains, then sides, desserts
 * and drinks, priced by its price range (1 to 4).
 */
export function demoMenu(row: Pick<MerchantRow, 'id' | 'name' | 'cuisines' | 'priceRange'>): MenuSection[] {
  const dishes = [...new Set(row.cuisines.flatMap((c) => CUISINE_BY_NAME.get(c)?.dishes ?? []))];
  const tier = Math.min(4, Math.max(1, row.priceRange || 2));
  const price = (salt: string, low: number, high: number) => {
    const h = hashString(`${row.id}:${salt}`);
    const dollars = low * tier + (h % Math.max(1, (high - low) * tier));
    return dollars * 100 + (h % 2 === 0 ? 0 : 50);
  };
  const pick = (list: readonly string[], n: number, salt: string) => {
    const start = hashString(`${row.id}:${salt}`) % Math.max(1, list.length);
    return Array.from({ length: Math.min(n, list.length) }, (_, k) => list[(start + k) % list.length]!);
  };
  const mains = (dishes.length > 0 ? pick(dishes, 6, 'mains') : ['Chef\u2019s special']).map((d) => ({
    name: d.charAt(0).toUpperCase() + d.slice(1), description: `${row.name}\u2019s ${d.toLowerCase()}, made to order.`, priceCents: price(`main:${d}`, 9, 16),
  }));
  return [
    { title: 'Mains', items: mains },
    { title: 'Sides', items: pick(SIDES, 3, 'sides').map((d) => ({ name: d, description: '', priceCents: price(`side:${d}`, 3, 5) })) },
    { title: 'Desserts', items: pick(DESSERTS, 2, 'desserts').map((d) => ({ name: d, description: '', priceCents: price(`dessert:${d}`, 4, 6) })) },
    { title: 'Drinks', items: DRINKS.map((d) => ({ name: d, description: '', priceCents: 250 + (hashString(`${row.id}:${d}`) % 3) * 50 })) },
  ];
}

const money = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const MODE_TEXT: Record<OrderMode, { label: string; text: string }> = {
  delivery: { label: 'Delivery', text: 'Brought to your door.' },
  takeout: { label: 'Takeout', text: 'Order ahead and pick it up.' },
};

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2328;background:#fafaf7}
header,main,footer{max-width:46rem;margin:0 auto;padding:1rem 1.25rem}
header{border-bottom:1px solid #ddd}
.brand{font-size:.875rem;color:#57606a;margin:0}
h1{font-size:1.75rem;margin:.25rem 0}
.note{background:#fff8c5;border:1px solid #d4a72c;border-radius:8px;padding:.75rem 1rem}
nav ul{display:flex;gap:.5rem;list-style:none;padding:0;margin:1rem 0}
nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border:1px solid #8c959f;border-radius:999px;color:#0b5cad;text-decoration:none}
nav a[aria-current]{background:#0b5cad;color:#fff;border-color:#0b5cad}
section{margin:1.5rem 0}
h2{font-size:1.25rem;border-bottom:1px solid #ddd;padding-bottom:.25rem}
ul.menu{list-style:none;padding:0;margin:0}
ul.menu li{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px dashed #e1e4e8}
.dish{font-weight:600}.desc{display:block;font-weight:400;color:#57606a;font-size:.875rem}
.price{white-space:nowrap;font-variant-numeric:tabular-nums}
.menus{display:flex;flex-wrap:wrap;gap:.75rem}.menus img{width:160px;height:auto;border:1px solid #ddd;border-radius:6px}
a{color:#0b5cad}
`;

/** The page of a restaurant's ordering, for the mode asked (or its first): HTML, self-contained. */
export function demoOrderPage(row: MerchantRow, requested: OrderMode | undefined): string {
  const modes = ORDER_MODES.filter((m) => isDemoOrderLink(row, m));
  const mode = requested && modes.includes(requested) ? requested : modes[0]!;
  const name = escapeHtml(row.name);
  const address = escapeHtml(`${row.address1}, ${row.city}, ${row.state} ${row.zipCode}`);
  const phone = row.phone.trim();
  const sections = demoMenu(row).map((s) => `
    <section aria-labelledby="m-${s.title.toLowerCase()}">
      <h2 id="m-${s.title.toLowerCase()}">${escapeHtml(s.title)}</h2>
      <ul class="menu">${s.items.map((i) => `
        <li><span class="dish">${escapeHtml(i.name)}${i.description ? `<span class="desc">${escapeHtml(i.description)}</span>` : ''}</span><span class="price">${money(i.priceCents)}</span></li>`).join('')}
      </ul>
    </section>`).join('');
  const menuImages = row.menuImages.length > 0
    ? `<section aria-labelledby="m-cards"><h2 id="m-cards">The printed menu</h2><div class="menus">${row.menuImages.map((m) => `<img src="${escapeHtml(merchantImageUrl(row.imageBaseUrl, 'menu', encodeURIComponent(m.path)))}" alt="${escapeHtml(m.alt)}" width="160" height="213">`).join('')}</div></section>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Order ${escapeHtml(MODE_TEXT[mode].label.toLowerCase())} | ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <p class="brand">${name} online ordering</p>
  <h1>${name}</h1>
  <p>${address}${phone ? ` · <a href="tel:${escapeHtml(phone.replace(/[^\d+]/g, ''))}">${escapeHtml(phone)}</a>` : ''}</p>
</header>
<main>
  <p class="note" role="note">This is ${name}\u2019s demo ordering page, part of the dining rewards demo: the menu is real for this demo restaurant, but no order is placed or charged here.${phone ? ` To order, call ${escapeHtml(phone)}.` : ''}</p>
  <nav aria-label="How to order"><ul>${modes.map((m) => `<li><a href="${escapeHtml(demoOrderPath(row.id, m))}"${m === mode ? ' aria-current="page"' : ''}>${MODE_TEXT[m].label}</a></li>`).join('')}</ul></nav>
  <p><strong>${MODE_TEXT[mode].label}:</strong> ${MODE_TEXT[mode].text}</p>
  ${sections}
  ${menuImages}
</main>
<footer><p><a href="/merchants/${row.id}">Back to ${name} on the rewards site</a></p></footer>
</body>
</html>
`;
}

/** The page for a restaurant that has no ordering page here (unknown, or not ordering online). */
export function demoOrderNotFound(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Not found</title></head>
<body><main><h1>That ordering page isn\u2019t here</h1><p>This restaurant does not take orders online through us. <a href="/search">Find restaurants</a></p></main></body></html>
`;
}
