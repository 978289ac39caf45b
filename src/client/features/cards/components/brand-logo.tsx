import type { CardBrand } from '#shared/constants/card';
import styles from './brand-logo.module.css';

/** Generic colours per brand (no marks copied): a rounded card with the brand's name on it. */
const LOOK: Record<CardBrand, { fill: string; text: string; label: string }> = {
  Visa: { fill: '#1a2a6c', text: '#ffffff', label: 'VISA' },
  Mastercard: { fill: '#2b2b2b', text: '#ffffff', label: 'MC' },
  Amex: { fill: '#136f8a', text: '#ffffff', label: 'AMEX' },
  Discover: { fill: '#ffffff', text: '#1d1d1f', label: 'DISC' },
};

/**
 * A small card picture for a brand. With `decorative` it is hidden from assistive technology
 * (the brand is in the text beside it); otherwise it is an image named after the brand.
 */
export function BrandLogo({ brand, decorative = false, className }: { brand: CardBrand; decorative?: boolean; className?: string }) {
  const look = LOOK[brand] ?? { fill: '#55565a', text: '#ffffff', label: String(brand).slice(0, 4).toUpperCase() };
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': brand };
  return (
    <svg className={`${styles.logo} ${className ?? ''}`} viewBox="0 0 48 32" focusable="false" {...a11y}>
      <rect x="0.5" y="0.5" width="47" height="31" rx="4.5" fill={look.fill} stroke="#8a8b8f" />
      {brand === 'Discover' && <circle cx="38" cy="22" r="5" fill="#e8710a" />}
      {brand === 'Mastercard' && (
        <>
          <circle cx="19" cy="21" r="5" fill="#d9363e" fillOpacity="0.9" />
          <circle cx="27" cy="21" r="5" fill="#f2a33a" fillOpacity="0.9" />
        </>
      )}
      <text x="24" y={brand === 'Mastercard' || brand === 'Discover' ? 13 : 20} textAnchor="middle" fontFamily="system-ui, Arial, sans-serif" fontSize="10" fontWeight="700" fill={look.text} letterSpacing="0.5">
        {look.label}
      </text>
    </svg>
  );
}
