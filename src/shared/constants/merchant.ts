/** Plain values shared by client and server; no zod here, so the client bundle stays small. */
export const FEATURES = ['delivery', 'dineIn', 'takeout', 'onlineOrdering'] as const;
export const MEALS = ['breakfast', 'brunch', 'lunch', 'dinner', 'lateNight'] as const;
export const SORTS = ['distance', 'rating', 'name', 'priceLow', 'priceHigh'] as const;
export const HIGHLIGHTS = ['comingSoon', 'leavingSoon', 'new'] as const;
export const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type Feature = (typeof FEATURES)[number];
export type Meal = (typeof MEALS)[number];
export type SortBy = (typeof SORTS)[number];

/** The special location value meaning "use the coordinates given". */
export const CURRENT_LOCATION = 'Current Location';
export const DEFAULT_RADIUS_MILES = 25;
export const MAX_PAGE_SIZE = 100;

export const IMAGE_PRESETS = ['tile', 'hero', 'thumb', 'menu'] as const;
export type ImagePreset = (typeof IMAGE_PRESETS)[number];
/** §3: image URLs are built from base, preset and path. */
export function merchantImageUrl(base: string, preset: ImagePreset, path: string): string {
  return `${base.replace(/\/$/, '')}/${preset}/${path}`;
}
