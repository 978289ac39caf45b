import { DAYS, type Feature, type Meal } from '#shared/constants/merchant';
import type { MerchantHours } from '#shared/schemas/merchant';
import { clockTime } from '#shared/rules/clock-time';

export const FEATURE_LABELS: Record<Feature, string> = {
  delivery: 'Delivery',
  dineIn: 'Dine-in',
  takeout: 'Takeout',
  onlineOrdering: 'Online ordering',
};

export const MEAL_LABELS: Record<Meal, string> = {
  breakfast: 'Breakfast',
  brunch: 'Brunch',
  lunch: 'Lunch',
  dinner: 'Dinner',
  lateNight: 'Late night',
};

export const HIGHLIGHT_TEXT = { comingSoon: 'Coming soon', leavingSoon: 'Leaving soon', new: 'New' } as const;

export const DAY_NAMES: Record<(typeof DAYS)[number], string> = {
  Sun: 'Sunday',
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
};

export type HoursRow = { day: (typeof DAYS)[number]; name: string; text: string; closed: boolean; today: boolean };

/** §3 days Sun–Sat in order; a day without both times is 'Closed'. */
export function hoursRows(hours: MerchantHours, todayIndex: number): HoursRow[] {
  return DAYS.map((day, i) => {
    const entry = hours.find((h) => h.day === day);
    const closed = !entry || !entry.open || !entry.close;
    return {
      day,
      name: DAY_NAMES[day],
      text: closed ? 'Closed' : `${clockTime(entry.open!)} – ${clockTime(entry.close!)}`,
      closed,
      today: i === todayIndex,
    };
  });
}

/** US numbers as xxx-xxx-xxxx (§5); anything else unchanged. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10) return phone.trim();
  return `${ten.slice(0, 3)}-${ten.slice(3, 6)}-${ten.slice(6)}`;
}

export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** '2026-03-01' is a calendar date (local), not UTC midnight; other values go through Date. */
export function parseDate(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string, withTime = false): string {
  const d = parseDate(value);
  if (!d) return value;
  const hasTime = withTime && /T\d{2}:\d{2}/.test(value);
  return new Intl.DateTimeFormat('en-US', {
    weekday: hasTime ? 'short' : undefined,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: hasTime ? 'numeric' : undefined,
    minute: hasTime ? '2-digit' : undefined,
  }).format(d);
}

export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toString();
}

/** Website link text: the host without 'www.'. */
export function websiteLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

export function formatCoordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
}
