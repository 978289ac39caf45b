/**
 * US English money, whole numbers and calendar days, written out instead of made by Intl: a page's
 * first Intl object costs a phone's main thread a long task (ICU's data is loaded on first use;
 * 150-180 ms at 4× slower CPU on Reviews & History, `npm run bench:client-profile`), and these
 * formats are fixed. Each gives what Intl gives in en-US (us-format.test.ts compares them over many
 * values); what they do not cover (NaN, infinities, exponent-sized numbers) goes to Intl itself.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

let intlMoney: Intl.NumberFormat | undefined;
let intlWhole: Intl.NumberFormat | undefined;

const negative = (n: number) => n < 0 || Object.is(n, -0);
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** One added to a string of decimal digits ('0999' → '1000'). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * |n| rounded to `places` decimals half away from zero, as Intl rounds: on the number's shortest
 * decimal form (1.005 → '1.01'), not on its binary value (which toFixed rounds to '1.00').
 * Null when the number is written with an exponent.
 */
function roundedAbs(n: number, places: number): { int: string; frac: string } | null {
  const text = String(Math.abs(n));
  if (text.includes('e')) return null;
  const [int = '0', frac = ''] = text.split('.');
  if (frac.length <= places) return { int, frac: frac.padEnd(places, '0') };
  let digits = int + frac.slice(0, places);
  if (frac.charCodeAt(places) >= 53 /* '5' */) digits = increment(digits);
  const cut = digits.length - places;
  return { int: digits.slice(0, cut).replace(/^0+(?=\d)/, ''), frac: digits.slice(cut) };
}

/** Dollars as '$1,234.50' or '-$0.25': Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }). */
export function usd(dollars: number): string {
  const r = Number.isFinite(dollars) ? roundedAbs(dollars, 2) : null;
  if (!r) return (intlMoney ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(dollars);
  return `${negative(dollars) ? '-' : ''}$${grouped(r.int)}.${r.frac}`;
}

/** A number rounded to a whole one with thousands separators, '-1,235': Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }). */
export function wholeNumber(n: number): string {
  const r = Number.isFinite(n) ? roundedAbs(n, 0) : null;
  if (!r) return (intlWhole ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(n);
  return `${negative(n) ? '-' : ''}${grouped(r.int)}`;
}

/**
 * A calendar date (YYYY-MM-DD) as 'Dec 4, 2026', whatever the runtime's clock: Intl.DateTimeFormat
 * ('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) of its UTC midnight.
 * Throws a RangeError for a date that is not one, as Intl does.
 */
export function calendarDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  const year = at.getUTCFullYear();
  // Intl writes years before 1 as their era's (1 BC for year 0); never a date of ours.
  if (year < 1) return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(at);
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${year}`;
}

/**
 * An instant as 'Nov 20, 2026' in the runtime's time zone (a browser's: the member's own day), or
 * null when it does not parse: `toLocaleDateString('en-US', { month: 'short', day: 'numeric',
 * year: 'numeric' })` without Intl (the Date's own local fields).
 */
export function localDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const year = at.getFullYear();
  if (year < 1) return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${year}`;
}
