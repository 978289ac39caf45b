import { DEMO_ORDER_ID_PLACEHOLDER, demoOrderPath } from '../modules/demo-restaurants/demo-order';
import type { NewMerchantRow } from '../db/schema';
import type {
  Feature, Meal, MerchantEvent, MerchantHours, MerchantMenuImage, MerchantReviewsSummary,
} from '#shared/schemas/merchant';
import { DAYS } from '#shared/schemas/merchant';
import { CUISINES, CUISINE_BY_NAME, type Cuisine } from '../modules/images/cuisines';
import { loadMetros, type Metro, type MetroZip } from './metros';
import { Rng, WeightedTable } from '../lib/random';

export const DEFAULT_SEED = 20260101;
export const MERCHANT_IMAGE_BASE_URL = '/img/merchants';
export const MERCHANT_IMAGE_VARIANTS = 8;
export const CAMPAIGN_CODES = ['ACCL2', 'ACCL3', 'SUMMER', 'NEWMBR'] as const;
/** The ZIP jitter keeps merchants of one ZIP from stacking on one map pin. */
export const MAX_JITTER_DEGREES = 0.008;

// ------------------------------------------------------------------ word lists

const ADJECTIVES = [
  'Golden', 'Rusty', 'Little', 'Hungry', 'Copper', 'Silver', 'Blue', 'Green', 'Wild', 'Velvet', 'Crooked', 'Lucky',
  'Salty', 'Smoky', 'Sunny', 'Humble', 'Happy', 'Gilded', 'Iron', 'Red', 'Twisted', 'Jolly', 'Sweet', 'Brass',
  'Honest', 'Painted', 'Hidden', 'Merry', 'Bold', 'Gentle',
] as const;
const NOUNS = [
  'Fig', 'Spoon', 'Fork', 'Lantern', 'Olive', 'Anchor', 'Hen', 'Pig', 'Goat', 'Fox', 'Owl', 'Pear', 'Plum', 'Ladle',
  'Kettle', 'Table', 'Barrel', 'Oak', 'Sparrow', 'Radish', 'Lemon', 'Onion', 'Thistle', 'Crow', 'Bee', 'Rooster',
  'Skillet', 'Acorn', 'Heron', 'Mule', 'Pepper', 'Clover',
] as const;
const PAIR_WORDS = [
  'Salt', 'Ember', 'Oak', 'Ash', 'Flour', 'Fire', 'Honey', 'Smoke', 'Stone', 'Vine', 'Rye', 'Rose', 'Brine', 'Barley',
  'Thyme', 'Copper', 'Butter', 'Bread', 'Larder', 'Hearth',
] as const;
const STREET_NAMES = [
  'Main', 'Market', 'Broad', 'Church', 'Park', 'Lake', 'Mill', 'River', 'Elm', 'Oak', 'Maple', 'Cedar', 'Pine',
  'Walnut', 'Chestnut', 'Washington', 'Jefferson', 'Franklin', 'Madison', 'Lincoln', 'Grant', 'Union', 'Spring',
  'Center', 'High', 'Water', 'Front', 'Canal', 'Bridge', 'College', 'Highland', 'Prospect', 'Summit', 'Magnolia',
  'Willow', 'Sycamore', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '12th', '14th', '16th',
] as const;
const STREET_SUFFIXES: readonly (readonly [string, number])[] = [['St', 5], ['Ave', 4], ['Blvd', 1], ['Rd', 1], ['Dr', 1], ['Way', 0.5], ['Pl', 0.5], ['Ln', 0.5]];
const FIRST_NAMES = [
  'Maya', 'James', 'Priya', 'Daniel', 'Sofia', 'Marcus', 'Emily', 'Luis', 'Hannah', 'Kenji', 'Olivia', 'Andre',
  'Grace', 'Mateo', 'Zoe', 'Noah', 'Aisha', 'Ben', 'Chloe', 'Omar', 'Nina', 'Sam', 'Lily', 'Ravi', 'Tessa', 'Leo',
  'Ava', 'Jonah', 'Mei', 'Carlos', 'Ruth', 'Theo',
] as const;
const OWNER_NAMES: Record<string, readonly string[]> = {
  italian: ['Rosa', 'Gino', 'Lucia', 'Marco', 'Enzo', 'Sofia', 'Vinnie', 'Nonna Maria'],
  latin: ['Lupe', 'Rosa', 'Diego', 'Carmen', 'Pepe', 'Rafael', 'Inés', 'Chuy'],
  french: ['Colette', 'Henri', 'Amélie', 'Pierre', 'Margaux', 'Luc'],
  greek: ['Yiannis', 'Eleni', 'Nikos', 'Sophia', 'Kostas'],
  irish: ['Murphy', 'O\u2019Brien', 'Flanagan', 'Kelly', 'Doyle', 'Brennan'],
  german: ['Hans', 'Greta', 'Klaus', 'Liesl'],
  general: ['Maggie', 'Joe', 'Frank', 'Ruby', 'Hank', 'Ellie', 'Sam', 'Dot', 'Lou', 'Mabel', 'Gus', 'Hattie', 'Walt', 'June'],
};
const OWNER_GROUP: Record<string, keyof typeof OWNER_NAMES> = {
  italian: 'italian', pizza: 'italian', mexican: 'latin', 'tex-mex': 'latin', spanish: 'latin', tapas: 'latin', peruvian: 'latin',
  french: 'french', bakery: 'french', greek: 'greek', 'irish-pub': 'irish', german: 'german',
};
/** Asian-cuisine restaurants read oddly as "Frank's Izakaya", so they skip the owner pattern. */
const NO_OWNER = new Set(['japanese', 'sushi', 'ramen', 'thai', 'vietnamese', 'korean', 'chinese', 'dim-sum', 'indian', 'ethiopian', 'poke', 'middle-eastern']);
const PREFIX_KINDS = new Set(['Trattoria', 'Osteria', 'Taqueria', 'Cantina', 'Café', 'Bistro', 'Brasserie', 'Casa', 'Bodega', 'Cocina', 'Maison', 'Enoteca', 'Taverna', 'Cucina', 'Ristorante', 'Mercado', 'Tasca', 'Taberna']);

const GENERIC_HIGHLIGHTS = [
  'Friendly staff', 'Good for groups', 'Cozy atmosphere', 'Great value', 'Outdoor seating', 'Quick service',
  'Kid-friendly', 'Great for date night', 'Vegetarian options', 'Generous portions', 'Attentive service', 'Good for solo dining',
] as const;
const BAR_HIGHLIGHTS = ['Craft cocktails', 'Lively bar', 'Great happy hour', 'Late-night bites'] as const;
const CAFE_HIGHLIGHTS = ['Excellent coffee', 'Laptop-friendly', 'Fresh pastries'] as const;
const PRAISE = [
  'outstanding', 'exactly what I was craving', 'perfectly done', 'the best I\u2019ve had in a while',
  'generous and full of flavour', 'even better than I remembered', 'beautifully presented',
] as const;
const FOLLOW_UPS = [
  'Service was warm and quick.', 'We\u2019ll be back with friends.', 'Cozy room and a great playlist.',
  'Worth the short wait for a table.', 'Our server had great recommendations.', 'Prices are fair for the quality.',
  'Perfect spot for a weeknight dinner.', 'The staff made our anniversary feel special.',
] as const;
const MIXED_REVIEWS = [
  'Good {dish}, but the wait was long on a Friday night.', 'Solid spot for a quick bite; it gets a little noisy.',
  'The {dish} {was} tasty, though portions felt small for the price.', 'Nice room and friendly staff. The {dish} {was} fine, not amazing.',
] as const;
const CLOSERS = {
  fine: ['Reservations are a good idea on weekends.', 'The wine list is worth a look.', 'Ask about the chef\u2019s seasonal tasting menu.'],
  bar: ['The bar stays lively well past dinner.', 'Happy hour runs every weekday afternoon.', 'Small plates are made for sharing.'],
  morning: ['Doors open early for the morning crowd.', 'Come early on weekends, before the brunch line forms.', 'The coffee is on from the moment the doors open.'],
  bakery: ['Everything is baked fresh each morning.', 'Come early: the best loaves sell out by noon.', 'Whole cakes can be ordered a day ahead.'],
  general: ['Great for groups and easy weeknight dinners.', 'The patio fills up fast in warmer months.', 'The menu changes with the seasons.', 'Takeout is quick and well packed.', 'Friendly, unhurried service and fair prices.'],
} as const;
const EVENT_TEMPLATES: readonly { title: string; description: string; for?: readonly string[] }[] = [
  { title: 'Chef\u2019s Tasting Night', description: 'A five-course tasting menu built around the season\u2019s best produce, with optional pairings.' },
  { title: 'Wine Pairing Dinner', description: 'Four courses, four wines, and a guided tasting with our sommelier.', for: ['italian', 'french', 'wine-bar', 'steakhouse', 'spanish', 'mediterranean'] },
  { title: 'Live Jazz Brunch', description: 'A relaxed brunch set to live jazz from a local trio. Bottomless coffee included.', for: ['brunch', 'southern', 'american', 'french', 'cafe'] },
  { title: 'Trivia Night', description: 'Teams of up to six compete for bragging rights and a gift card. Free to play.', for: ['irish-pub', 'brewery', 'burgers', 'american', 'german'] },
  { title: 'Tap Takeover', description: 'Guest brewers pour limited releases alongside our house beers.', for: ['brewery', 'german', 'irish-pub', 'bbq'] },
  { title: 'Oyster Happy Hour', description: 'Half-price oysters and crisp white wine at the bar, 4 to 6 pm.', for: ['seafood', 'cajun', 'french', 'wine-bar'] },
  { title: 'Pasta-Making Class', description: 'Roll, cut and shape fresh pasta with our chefs, then sit down to eat what you made.', for: ['italian', 'pizza'] },
  { title: 'Sake Tasting', description: 'Taste six sakes, from crisp to creamy, with small bites from the kitchen.', for: ['japanese', 'sushi', 'ramen'] },
  { title: 'Holiday Prix Fixe', description: 'A festive three-course menu for the holiday season. Book early.' },
  { title: 'Summer Patio Party', description: 'Music, grilled specials and cold drinks on the patio all evening.' },
  { title: 'Neighbourhood Cook-Off', description: 'Local chefs compete, you taste and vote. Proceeds go to a local food bank.' },
];

// ------------------------------------------------------------------ helpers

function slugify(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/['\u2019]/g, '').replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function time(hour: number, minute = 0): string {
  const h = ((hour % 24) + 24) % 24;
  return `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;
function isoDate(fromUtc: number, toUtc: number, rng: Rng): string {
  const days = Math.floor((toUtc - fromUtc) / DAY_MS);
  return new Date(fromUtc + rng.int(0, days) * DAY_MS).toISOString().slice(0, 10);
}
const EVENTS_FROM = Date.UTC(2026, 0, 1);
const EVENTS_TO = Date.UTC(2027, 11, 31);
const REVIEWS_FROM = Date.UTC(2025, 0, 1);
const REVIEWS_TO = Date.UTC(2026, 5, 30);

// ------------------------------------------------------------------ pieces

function restaurantName(rng: Rng, cuisine: Cuisine, zip: MetroZip): { name: string; kind: string } {
  const kind = rng.pick(cuisine.kinds);
  const word = rng.pick(cuisine.words);
  const roll = rng.next();
  if (cuisine.slug === 'french' && roll < 0.18) return { name: `Chez ${rng.pick(OWNER_NAMES.french ?? [])}`, kind: 'Bistro' };
  if (roll < 0.2) return { name: `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${kind}`, kind };
  if (roll < 0.36) {
    if (NO_OWNER.has(cuisine.slug)) return { name: `${word} ${kind}`, kind };
    const owner = rng.pick(OWNER_NAMES[OWNER_GROUP[cuisine.slug] ?? 'general'] ?? OWNER_NAMES.general ?? []);
    return { name: `${owner}\u2019s ${kind}`, kind };
  }
  if (roll < 0.5) return { name: `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`, kind };
  if (roll < 0.6) {
    const a = rng.pick(PAIR_WORDS);
    let b = rng.pick(PAIR_WORDS);
    if (b === a) b = rng.pick(PAIR_WORDS.filter((w) => w !== a));
    return { name: `${a} & ${b}`, kind };
  }
  if (roll < 0.8) return { name: PREFIX_KINDS.has(kind) && rng.chance(0.6) ? `${kind} ${word}` : `${word} ${kind}`, kind };
  if (roll < 0.9) return { name: `${rng.pick(STREET_NAMES.slice(0, 36))} Street ${kind}`, kind };
  if (roll < 0.95 && zip.neighborhood !== 'Downtown') return { name: `${zip.neighborhood.replace(/ (Street District|District)$/, '')} ${kind}`, kind };
  return { name: `${rng.int(1, 9) * 100 + rng.int(0, 99)} ${rng.pick(STREET_NAMES.slice(0, 36))}`, kind };
}

function pickCuisines(rng: Rng, primary: Cuisine): string[] {
  const list = [primary.name];
  const extra = rng.weighted([[0, 45], [1, 40], [2, 15]] as const);
  const related = rng.shuffle(primary.related.filter((r) => CUISINE_BY_NAME.has(r)));
  for (const r of related.slice(0, extra)) list.push(r);
  return list;
}

function pickMeals(rng: Rng, cuisines: readonly string[]): Meal[] {
  const meals = new Set<Meal>();
  for (const name of cuisines) for (const m of CUISINE_BY_NAME.get(name)?.meals ?? []) meals.add(m);
  // Mixed cuisine lists can collect too many meals; keep the primary's core and trim the rest at random.
  const primaryMeals = CUISINE_BY_NAME.get(cuisines[0] ?? '')?.meals ?? ['lunch', 'dinner'];
  for (const m of [...meals]) if (!primaryMeals.includes(m) && rng.chance(0.5)) meals.delete(m);
  if (meals.has('dinner') && !meals.has('lateNight') && rng.chance(0.08)) meals.add('lateNight');
  if (meals.has('lunch') && meals.has('dinner') && !meals.has('brunch') && rng.chance(0.12)) meals.add('brunch');
  return (['breakfast', 'brunch', 'lunch', 'dinner', 'lateNight'] as const).filter((m) => meals.has(m));
}

function pickFeatures(rng: Rng, cuisine: Cuisine, meals: readonly Meal[]): Feature[] {
  const bar = cuisine.motif === 'wine' || cuisine.motif === 'cocktail';
  const out: Feature[] = [];
  if (rng.chance(0.97)) out.push('dineIn');
  if (rng.chance(bar ? 0.2 : 0.82)) out.push('takeout');
  if (rng.chance(cuisine.delivery)) out.push('delivery');
  if (rng.chance(cuisine.delivery * 0.8 + (meals.includes('lunch') ? 0.05 : 0))) out.push('onlineOrdering');
  if (out.length === 0) out.push('dineIn');
  return (['delivery', 'dineIn', 'takeout', 'onlineOrdering'] as const).filter((f) => out.includes(f));
}

function pickHours(rng: Rng, meals: readonly Meal[]): MerchantHours {
  const has = (m: Meal) => meals.includes(m);
  const openMinute = rng.pick([0, 0, 30]);
  let open: [number, number];
  if (has('breakfast')) open = [rng.pick([6, 7, 7, 8]), openMinute];
  else if (has('lunch')) open = [11, rng.pick([0, 0, 30])];
  else if (has('brunch')) open = [rng.pick([9, 10]), 0];
  else open = [rng.pick([16, 17, 17]), 0];
  let close: [number, number];
  if (has('lateNight')) close = [rng.pick([0, 1, 1, 2]), 0];
  else if (has('dinner')) close = [rng.pick([21, 21, 22, 22]), rng.pick([0, 0, 30])];
  else if (has('lunch')) close = [rng.pick([15, 15, 16]), rng.pick([0, 30])];
  else close = [rng.pick([14, 14, 15]), 0];
  const closedPattern = rng.weighted([['none', 50], ['mon', 28], ['montue', 12], ['sun', 10]] as const);
  const closed = new Set(closedPattern === 'mon' ? ['Mon'] : closedPattern === 'montue' ? ['Mon', 'Tue'] : closedPattern === 'sun' ? ['Sun'] : []);
  const weekendBrunch = has('brunch') && !has('breakfast');
  return DAYS.map((day) => {
    if (closed.has(day)) return { day, open: null, close: null };
    const weekend = day === 'Sat' || day === 'Sun';
    const o = weekend && weekendBrunch ? [rng.pick([9, 10]), 0] as const : open;
    const lateFriSat = (day === 'Fri' || day === 'Sat') && has('dinner') && !has('lateNight');
    const c = lateFriSat ? [close[0] + 1, close[1]] as const : close;
    return { day, open: time(o[0], o[1]), close: time(c[0], c[1]) };
  });
}

function reviewAuthor(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}.`;
}

function reviews(rng: Rng, cuisine: Cuisine, rating: number, isBar: boolean): MerchantReviewsSummary {
  const highlights = rng.sample([
    ...GENERIC_HIGHLIGHTS,
    ...(isBar ? BAR_HIGHLIGHTS : []),
    ...(cuisine.motif === 'coffee' || cuisine.motif === 'bread' ? CAFE_HIGHLIGHTS : []),
    `Great ${rng.pick(cuisine.dishes).toLowerCase()}`,
  ], 3);
  const count = rng.int(2, 3);
  const list: MerchantReviewsSummary['reviews'] = [];
  for (let i = 0; i < count; i++) {
    const dish = rng.pick(cuisine.dishes);
    const stars = Math.max(1, Math.min(5, Math.round(rating + rng.normal(0, 0.7))));
    const reviewText = stars >= 4
      ? `The ${dish} ${verbFor(dish)} ${rng.pick(PRAISE)}. ${rng.pick(FOLLOW_UPS)}`
      : rng.pick(MIXED_REVIEWS).replace('{dish}', dish).replace('{was}', verbFor(dish));
    list.push({ author: reviewAuthor(rng), rating: stars, text: reviewText, date: isoDate(REVIEWS_FROM, REVIEWS_TO, rng) });
  }
  const recommendPercent = Math.max(40, Math.min(99, Math.round(((rating - 2) / 3) * 100 + rng.normal(0, 4))));
  return { highlights, recommendPercent, reviews: list };
}

/** Kinds that read naturally as a common noun in a sentence ("a Midtown trattoria"). */
const NOUN_KINDS = new Set([
  'Trattoria', 'Osteria', 'Taqueria', 'Cantina', 'Izakaya', 'Bistro', 'Brasserie', 'Café', 'Coffee House', 'Bakery',
  'Bakehouse', 'Pub', 'Tavern', 'Taproom', 'Brewhouse', 'Beer Hall', 'Biergarten', 'Deli', 'Delicatessen', 'Diner',
  'Luncheonette', 'Wine Bar', 'Lounge', 'Sushi Bar', 'Oyster Bar', 'Fish House', 'Crab Shack', 'Steakhouse', 'Chophouse',
  'Smokehouse', 'Pizzeria', 'Slice Shop', 'Burger Joint', 'Burger Bar', 'Noodle Bar', 'Noodle House', 'Ramen Bar',
  'Ramen House', 'Pho House', 'Dumpling House', 'Tea House', 'Tapas Bar', 'Taverna', 'Mezze House', 'Curry House',
  'Sandwich Shop', 'Kitchen', 'Grill', 'Eatery', 'Rotisserie', 'Poke Bar', 'Poke Shop', 'Espresso Bar', 'Coffee Bar',
  'Dim Sum House', 'Public House', 'Ale House', 'Wine Room', 'Crawfish House', 'Jerk Shack', 'Supper Club', 'Brunch House',
  'Cevichería', 'Enoteca', 'Bodega', 'Coffee Shop', 'Hoagie House', 'Island Grill', 'Bayou Grill', 'Thai Bistro', 'Indian Bistro',
  'Thai Kitchen', 'Indian Kitchen', 'Seafood Kitchen', 'Pizza Kitchen', 'Banh Mi Shop', 'Tandoor',
]);
const ADJECTIVE_CUISINES: Record<string, string> = {
  BBQ: 'barbecue joint', Seafood: 'seafood restaurant', Vegetarian: 'vegetarian restaurant', Vegan: 'vegan restaurant',
  Sushi: 'sushi restaurant', Ramen: 'ramen shop', Pizza: 'pizzeria', Burgers: 'burger joint', 'Dim Sum': 'dim sum house',
  Poke: 'poke bar', Sandwiches: 'sandwich shop', Brunch: 'brunch spot', Cafe: 'café', Bakery: 'bakery', Deli: 'deli',
  Diner: 'diner', Brewery: 'brewery', 'Irish Pub': 'Irish pub', 'Wine Bar': 'wine bar', 'Cocktail Bar': 'cocktail bar',
};

function placeNoun(rng: Rng, cuisine: Cuisine, kind: string): string {
  if (NOUN_KINDS.has(kind) && rng.chance(0.6)) return kind.toLowerCase().replace(/^(thai|indian) /, (m) => m.charAt(0).toUpperCase() + m.slice(1));
  return ADJECTIVE_CUISINES[cuisine.name] ?? `${cuisine.name} restaurant`;
}

function withArticle(phrase: string): string {
  const an = /^[aeiouAEIOU]/.test(phrase) && !/^(uni|use|eu|one)/i.test(phrase);
  return `${an ? 'an' : 'a'} ${phrase}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "was" or "were" for a dish name ("Garlic Knots were…"). */
function verbFor(dish: string): string {
  return /[^s]s$/.test(dish) && !/(us|is)$/.test(dish) ? 'were' : 'was';
}

function describe(rng: Rng, opts: { name: string; kind: string; cuisine: Cuisine; zip: MetroZip; meals: readonly Meal[]; price: number; features: readonly Feature[] }): string {
  const { name, kind, cuisine, zip, meals, price, features } = opts;
  const [d1, d2, d3] = rng.sample(cuisine.dishes, 3);
  const place = placeNoun(rng, cuisine, kind);
  const downtown = zip.neighborhood === 'Downtown';
  const where = downtown ? `downtown ${zip.city}` : `${zip.neighborhood}, ${zip.city}`;
  const lead = rng.pick([
    `${capitalize(withArticle(`${downtown ? 'downtown' : zip.neighborhood} ${place}`))} known for its ${d1}.`,
    cuisine.name === 'BBQ' ? `${name} brings slow-smoked barbecue to ${where}.`
      : ADJECTIVE_CUISINES[cuisine.name] ? `${name} is ${withArticle(place)} in ${where} with a loyal following.`
        : `${name} brings ${cuisine.name} cooking to ${where}.`,
    `${capitalize(withArticle(`relaxed ${place}`))} in ${where}, built for long lunches and easy dinners.`,
    `This ${place} has become a neighbourhood regular in ${where}.`,
  ]);
  const dishes = rng.pick([
    `Regulars come back for the ${d2} and the ${d3}.`,
    `The menu runs from ${d2} to ${d3}, and portions are generous.`,
    `Start with the ${d2}, and save room for the ${d3}.`,
    `Don\u2019t leave without trying the ${d2}.`,
  ]);
  const isBar = cuisine.motif === 'wine' || cuisine.motif === 'cocktail' || cuisine.motif === 'beer';
  const closerPool = cuisine.slug === 'bakery' ? CLOSERS.bakery : price >= 4 ? CLOSERS.fine : isBar || meals.includes('lateNight') ? CLOSERS.bar : meals.includes('breakfast') ? CLOSERS.morning : CLOSERS.general;
  let closer: string = rng.pick(closerPool);
  if (closer.startsWith('Takeout') && !features.includes('takeout')) closer = CLOSERS.general[0];
  if (closer.startsWith('The patio') && !features.includes('dineIn')) closer = CLOSERS.general[2];
  return `${lead} ${dishes} ${closer}`;
}

function events(rng: Rng, cuisine: Cuisine): MerchantEvent[] {
  const fitting = EVENT_TEMPLATES.filter((e) => !e.for || e.for.includes(cuisine.slug));
  return rng.sample(fitting, rng.int(1, 2))
    .map((e) => ({ title: e.title, date: isoDate(EVENTS_FROM, EVENTS_TO, rng), description: e.description }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

// ------------------------------------------------------------------ generator

type Tables = { metros: WeightedTable<Metro>; cuisines: WeightedTable<Cuisine> };
let tables: Tables | null = null;
function getTables(): Tables {
  if (!tables) {
    tables = {
      metros: new WeightedTable(loadMetros().map((m) => [m, m.weight] as const)),
      cuisines: new WeightedTable(CUISINES.map((c) => [c, c.weight] as const)),
    };
  }
  return tables;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function generateOne(rng: Rng, t: Tables, index: number): NewMerchantRow {
  const metro = t.metros.pick(rng);
  const zip = rng.pick(metro.zips);
  const cuisine = t.cuisines.pick(rng);
  const cuisines = pickCuisines(rng, cuisine);
  const { name, kind } = restaurantName(rng, cuisine, zip);

  let price = rng.int(cuisine.price[0], cuisine.price[1]);
  if (rng.chance(0.08)) price = Math.max(1, Math.min(4, price + (rng.chance(0.5) ? 1 : -1)));

  const highlightRoll = rng.next();
  const highlight = highlightRoll < 0.03 ? 'comingSoon' : highlightRoll < 0.05 ? 'leavingSoon' : highlightRoll < 0.11 ? 'new' : null;
  const unrated = highlight === 'comingSoon' ? rng.chance(0.7) : highlight === 'new' ? rng.chance(0.2) : rng.chance(0.015);
  const rating = unrated ? 0 : round(Math.max(2.6, Math.min(5, rng.normal(4.15, 0.32))), 1);
  const ratingCount = unrated ? 0 : Math.max(3, Math.min(4800, Math.round(Math.exp(rng.normal(4.6, 1.1)))));

  const meals = pickMeals(rng, cuisines);
  const features = pickFeatures(rng, cuisine, meals);
  const isBar = cuisine.motif === 'wine' || cuisine.motif === 'cocktail' || cuisine.motif === 'beer';

  const acclaimedLevel = rng.chance(0.08) ? rng.weighted([[1, 50], [2, 30], [3, 20]] as const) : null;
  const campaignCodes: string[] = [];
  if (acclaimedLevel === 2) campaignCodes.push('ACCL2');
  if (acclaimedLevel === 3) campaignCodes.push('ACCL3');
  if (rng.chance(0.08)) campaignCodes.push('SUMMER');
  if (rng.chance(0.06)) campaignCodes.push('NEWMBR');

  // A limited-time '2X' or '3X' offer at a few restaurants: the engine pays the multiple (rules/rewards/policy.ts).
  const earnMultiplier = rng.chance(0.04) ? rng.weighted([[2, 75], [3, 25]] as const) : 1;
  // Kept for the draws that follow, so the rest of the catalogue stays as it was.
  rng.next();
  const reservationOdds = isBar ? 0.12 : [0.08, 0.28, 0.55, 0.75][price - 1] ?? 0.3;
  const reservationProviders = meals.includes('dinner') && rng.chance(reservationOdds)
    ? { openTable: { rid: String(rng.int(10_000, 999_999)) } }
    : {};

  const slug = cuisine.slug;
  // Menus are eight cards per cuisine; the picture's variant is the restaurant's place in the
  // catalogue, so no two restaurants share a picture (modules/images/render.ts, compositionOf).
  const menuVariant = rng.int(1, MERCHANT_IMAGE_VARIANTS);
  const imageVariant = index + 1;
  const menuCount = rng.int(1, 3);
  const menuImages: MerchantMenuImage[] = [];
  for (let i = 0; i < menuCount; i++) {
    menuImages.push({ path: `${slug}-${((menuVariant + i * 3) % MERCHANT_IMAGE_VARIANTS) + 1}.svg`, alt: `${name} menu, page ${i + 1}` });
  }

  const line = String(rng.int(100, 199)).slice(1);
  const street = `${rng.int(1, 98) * 100 + rng.int(0, 99)} ${rng.pick(STREET_NAMES)} ${rng.weighted(STREET_SUFFIXES)}`;
  const hasSite = rng.chance(0.85);

  return {
    name,
    description: describe(rng, { name, kind, cuisine, zip, meals, price, features }),
    imageBaseUrl: MERCHANT_IMAGE_BASE_URL,
    imagePath: `${slug}-${imageVariant}.svg`,
    ratingOverall: rating,
    ratingCount,
    priceRange: price,
    cuisines,
    highlight,
    isNew: highlight === 'new',
    address1: street,
    city: zip.city,
    state: zip.state,
    zipCode: zip.zip,
    metro: metro.label,
    neighborhood: zip.neighborhood,
    latitude: round(zip.latitude + rng.float(-MAX_JITTER_DEGREES, MAX_JITTER_DEGREES), 6),
    longitude: round(zip.longitude + rng.float(-MAX_JITTER_DEGREES, MAX_JITTER_DEGREES), 6),
    phone: `(${metro.areaCode}) 555-01${line}`,
    website: hasSite ? `https://${slugify(name)}.example.com` : null,
    acclaimedLevel,
    campaignCodes,
    benefitsAvailable: !rng.chance(0.1),
    earnMultiplier,
    reservationProviders,
    origin: 'network',
    features,
    mealsServed: meals,
    hours: pickHours(rng, meals),
    menuImages,
    events: rng.chance(0.1) ? events(rng, cuisine) : [],
    reviewsSummary: rating > 0 && rng.chance(0.88) ? reviews(rng, cuisine, rating, isBar) : null,
  };
}

// ------------------------------------------------------------------ qualification data

/** Holidays restaurants black out (no rewards that day), 2026–2027. */
export const BLACKOUT_HOLIDAYS = [
  '2026-01-01', '2026-02-14', '2026-05-10', '2026-11-26', '2026-12-24', '2026-12-25', '2026-12-31',
  '2027-01-01', '2027-02-14', '2027-05-09', '2027-11-25', '2027-12-24', '2027-12-25', '2027-12-31',
] as const;
type Windows = Array<Array<{ start: number; end: number }>>;
const ALL_DAY_WINDOW = { start: 0, end: 1440 } as const;
const DAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export type QualificationData = Pick<NewMerchantRow, 'participating' | 'participationStart' | 'participationEnd' | 'benefitHours' | 'blackoutDates' | 'monthlyVisitLimit'>;

/**
 * When a dine at this restaurant earns (docs/rewards-engine.md §4), varied the way real programmes
 * are: most restaurants reward all day every day; some only on the days they open, at lunch or at
 * dinner, on weekdays, or not on Friday and Saturday evenings; a quarter black out a few holidays,
 * a fifth limit rewarded visits to 1–4 a month; a few do not take part, left the programme or join
 * later ('comingSoon' restaurants start in 2027, 'leavingSoon' ones end in the first half of it).
 * From its own random stream, so the rest of the catalogue stays as it was.
 */
export function qualificationFor(rng: Rng, row: Pick<NewMerchantRow, 'hours' | 'highlight'>): QualificationData {
  const closed = new Set((row.hours ?? []).filter((h) => h.open === null).map((h) => DAY_INDEX[h.day]));
  const week = (day: (weekday: number) => Array<{ start: number; end: number }>): Windows => Array.from({ length: 7 }, (_, d) => (closed.has(d) ? [] : day(d)));
  const pattern = rng.weighted([['allDay', 50], ['openDays', 15], ['dinner', 12], ['lunch', 8], ['weekdays', 8], ['offPeak', 7]] as const);
  let benefitHours: Windows | null;
  switch (pattern) {
    case 'allDay': benefitHours = null; break;
    case 'openDays': benefitHours = closed.size === 0 ? null : week(() => [ALL_DAY_WINDOW]); break;
    case 'dinner': benefitHours = week(() => [{ start: rng.pick([16, 17, 17]) * 60, end: 1440 }]); break;
    case 'lunch': benefitHours = week(() => [{ start: 11 * 60, end: rng.pick([14, 15, 15]) * 60 }]); break;
    case 'weekdays': benefitHours = week((d) => (d === 0 || d === 6 ? [] : [ALL_DAY_WINDOW])); break;
    case 'offPeak': benefitHours = week((d) => (d === 5 || d === 6 ? [{ start: 0, end: 18 * 60 }] : [ALL_DAY_WINDOW])); break;
  }
  const blackoutDates = rng.chance(0.25) ? rng.sample(BLACKOUT_HOLIDAYS, rng.int(2, 6)).sort() : [];
  const monthlyVisitLimit = rng.chance(0.2) ? rng.int(1, 4) : null;
  let participating = true;
  let participationStart: string | null = null;
  let participationEnd: string | null = null;
  const roll = rng.next();
  if (row.highlight === 'comingSoon') participationStart = `2027-0${rng.int(1, 3)}-01`;
  else if (row.highlight === 'leavingSoon') participationEnd = `2027-0${rng.int(1, 6)}-${rng.pick(['15', '28'])}`;
  else if (roll < 0.03) participating = false;
  else if (roll < 0.07) participationEnd = `2026-0${rng.int(1, 9)}-${rng.pick(['15', '28'])}`;
  else if (roll < 0.1) participationStart = `2025-${String(rng.int(1, 12)).padStart(2, '0')}-01`;
  return { participating, participationStart, participationEnd, benefitHours, blackoutDates, monthlyVisitLimit };
}

/**
 * Online ordering (the §2 order-online dialog) of a restaurant that takes orders online (its
 * 'onlineOrdering' feature): an ordering page for delivery where it delivers and for takeout where
 * it does takeout (pickup always, when it names neither): its own ordering page, which this app
 * serves for the demo restaurants (/demo-restaurants/{id}/order). Null for the others. From its
 * own random stream, so the rest of the catalogue stays as it was.
 */
export function orderOnlineFor(rng: Rng, row: Pick<NewMerchantRow, 'features' | 'website' | 'name'>): NonNullable<NewMerchantRow['orderOnline']> | null {
  const features = row.features ?? [];
  if (!features.includes('onlineOrdering')) return null;
  const delivers = features.includes('delivery');
  const takeout = features.includes('takeout') || !delivers;
  // Draws kept as they were, so the rest of the catalogue does not move.
  if (!row.website || rng.chance(0.35)) {
    rng.pick(['order', 'eat', 'pickup']);
    rng.int(1000, 9999);
  }
  // The restaurant's own ordering page, served by us (modules/demo-restaurants), with the
  // restaurant's id put in by the seed once it has one: never a placeholder site (issue 25).
  return {
    delivery: delivers ? demoOrderPath(DEMO_ORDER_ID_PLACEHOLDER, 'delivery') : null,
    takeout: takeout ? demoOrderPath(DEMO_ORDER_ID_PLACEHOLDER, 'takeout') : null,
  };
}

export type MerchantGeneratorOptions = { count: number; seed?: number };

/** Yields `count` merchants; the same seed always yields the same sequence. */
export function* iterateMerchants({ count, seed = DEFAULT_SEED }: MerchantGeneratorOptions): Generator<NewMerchantRow> {
  const t = getTables();
  const rng = new Rng(`merchants:${seed}`);
  const terms = new Rng(`qualification:${seed}`);
  const ordering = new Rng(`ordering:${seed}`);
  for (let i = 0; i < count; i++) {
    const row = generateOne(rng, t, i);
    yield { ...row, ...qualificationFor(terms, row), orderOnline: orderOnlineFor(ordering, row) };
  }
}

export function generateMerchants(count: number, seed = DEFAULT_SEED): NewMerchantRow[] {
  const out: NewMerchantRow[] = new Array<NewMerchantRow>(count);
  let i = 0;
  for (const m of iterateMerchants({ count, seed })) out[i++] = m;
  return out;
}
