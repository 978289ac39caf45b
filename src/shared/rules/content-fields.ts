/** Loose readers for content fields (items are JSON; a wrong type is treated as absent). */
export function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function bool(value: unknown): boolean {
  return value === true || value === 'true';
}

export type BannerFields = {
  enabled: boolean;
  image: string;
  imageMobile: string;
  alt: string;
  /** CSS object-position built from image_x_position / image_y_position. */
  position: string;
  includeWelcome: boolean;
  includeProspectEmail: boolean;
};

/** A position from content: a number (percent), '40%', '40' or a keyword; anything else is centred. */
function axis(value: unknown, keywords: readonly string[]): string {
  // Stryker disable next-line ConditionalExpression: Number.isFinite is false for every non-number, so `typeof value === 'number'` (there for TypeScript's narrowing) decides nothing once it is replaced by true.
  if (typeof value === 'number' && Number.isFinite(value)) return `${Math.min(100, Math.max(0, value))}%`;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (/^\d{1,3}(\.\d+)?%?$/.test(v)) return v.endsWith('%') ? v : `${v}%`;
    if (keywords.includes(v)) return v;
  }
  return '50%';
}

/** §3 content-page banner: image (desktop, x/y position), mobile image, alt text and switches. */
export function bannerFields(value: unknown): BannerFields {
  const b = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const image = str(b.image);
  const imageMobile = str(b.image_mobile);
  return {
    enabled: b.enable_banner === undefined ? Boolean(image || imageMobile) : bool(b.enable_banner),
    image,
    imageMobile,
    alt: str(b.alt_text),
    position: `${axis(b.image_x_position, ['left', 'center', 'right'])} ${axis(b.image_y_position, ['top', 'center', 'bottom'])}`,
    includeWelcome: bool(b.include_welcome_message),
    includeProspectEmail: bool(b.include_prospect_email),
  };
}

/** One piece of the §2 announcement banner: text (content HTML) or a link. */
export type AnnouncementPiece = { copy: string; url?: string; new_tab?: boolean };

/** The announcement banner's pieces from its `banner_copy` field; a piece without text is left out. */
export function announcementPieces(value: unknown): AnnouncementPiece[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    if (typeof o.copy !== 'string' || !o.copy.trim()) return [];
    return [{ copy: o.copy, url: typeof o.url === 'string' && o.url.trim() ? o.url : undefined, new_tab: o.new_tab === true }];
  });
}
