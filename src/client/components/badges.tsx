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
    <svg className={className} viewBox="0 0 176 36" width="176" height="36" role="img" aria-label="Dining Network">
      {/* fork */}
      <path d="M3 6v7a3 3 0 0 0 6 0V6M6 6v24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      {/* plate */}
      <circle cx="24" cy="18" r="12" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <circle cx="24" cy="18" r="7" fill="none" stroke="currentColor" strokeWidth="1.4" />
      {/* knife */}
      <path d="M43 30V6c-3 2.5-3.5 8-1 12" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      <text x="52" y="23.5" fill="currentColor" fontSize="14" fontWeight="700" fontFamily="system-ui, sans-serif">Dining Network</text>
    </svg>
  );
}
