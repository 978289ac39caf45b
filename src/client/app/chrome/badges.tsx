/*
 * Generic store badges and the network mark, drawn here (no copied trademark artwork):
 * a dark rounded badge with a simple glyph and the store's name as text.
 */

type BadgeProps = { className?: string };

export function AppStoreBadge({ className }: BadgeProps) {
  return (
    <svg className={className} viewBox="0 0 150 44" width="150" height="44" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="149" height="43" rx="8" fill="#111" stroke="#888" />
      {/* A phone outline */}
      <rect x="13" y="9" width="16" height="26" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
      <rect x="18.5" y="30" width="5" height="1.8" rx="0.9" fill="#fff" />
      <text x="38" y="18" fill="#fff" fontSize="8.5" fontFamily="system-ui, sans-serif">Download on the</text>
      <text x="38" y="33" fill="#fff" fontSize="15" fontWeight="600" fontFamily="system-ui, sans-serif">App Store</text>
    </svg>
  );
}

export function GooglePlayBadge({ className }: BadgeProps) {
  return (
    <svg className={className} viewBox="0 0 150 44" width="150" height="44" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="149" height="43" rx="8" fill="#111" stroke="#888" />
      {/* A plain play triangle */}
      <path d="M14 10.5v23l19-11.5z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <text x="40" y="18" fill="#fff" fontSize="8.5" fontFamily="system-ui, sans-serif">GET IT ON</text>
      <text x="40" y="33" fill="#fff" fontSize="15" fontWeight="600" fontFamily="system-ui, sans-serif">Google Play</text>
    </svg>
  );
}

/** The dining network's mark: a plate with fork and knife and the network name. */
export function NetworkLogo({ className }: BadgeProps) {
  return (
    <svg className={className} viewBox="0 0 168 36" width="168" height="36" role="img" aria-label="Dining Network">
      <circle cx="18" cy="18" r="15" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="18" cy="18" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M5 7v8M3 7v5a2 2 0 0 0 4 0V7M5 15v15" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" fill="none" transform="translate(-1 0)" />
      <path d="M33 7c-2 2-2.5 6-0.5 9v14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none" transform="translate(2 0)" />
      <text x="42" y="23.5" fill="currentColor" fontSize="14" fontWeight="700" fontFamily="system-ui, sans-serif">Dining Network</text>
    </svg>
  );
}
