export const CURRENCY_TYPES = ['Dollar', 'Mile', 'Point', 'Credit'] as const;
export type CurrencyType = (typeof CURRENCY_TYPES)[number];
export const ENROLLMENT_TYPES = ['direct', 'sso', 'none'] as const;
export type EnrollmentType = (typeof ENROLLMENT_TYPES)[number];
export const CARD_TYPES = ['AMEX', 'DISC', 'MAST', 'VISA'] as const;
