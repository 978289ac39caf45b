import type { ReactNode } from 'react';

/** Small decorative icons of the page chrome; the controls that hold them carry the names. */
type IconProps = { className?: string };

/** An icon's frame: a square drawing of box units shown size pixels wide, hidden from screen readers. */
function Glyph({ className, box = 24, size = box, children }: IconProps & { box?: number; size?: number; children: ReactNode }) {
  return (
    <svg className={className} viewBox={`0 0 ${box} ${box}`} width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function SearchIcon({ className }: IconProps) {
  return (
    <Glyph className={className}>
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </Glyph>
  );
}

export function MenuIcon({ open, className }: IconProps & { open: boolean }) {
  return (
    <Glyph className={className}>
      {open ? (
        <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : (
        <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </Glyph>
  );
}

export function BackIcon({ className }: IconProps) {
  return (
    <Glyph className={className} size={20}>
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </Glyph>
  );
}

export function InfoIcon({ className }: IconProps) {
  return (
    <Glyph className={className} box={20} size={18}>
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="9" y="8.5" width="2" height="6" rx="1" fill="currentColor" />
      <circle cx="10" cy="6" r="1.2" fill="currentColor" />
    </Glyph>
  );
}

export function PersonIcon({ className }: IconProps) {
  return (
    <Glyph className={className}>
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 20c1.2-4 4.3-6 8-6s6.8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Glyph>
  );
}

export function ChevronIcon({ open, className }: IconProps & { open: boolean }) {
  return (
    <Glyph className={className} size={16}>
      <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </Glyph>
  );
}
