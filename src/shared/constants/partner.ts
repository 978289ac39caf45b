export const CURRENCY_TYPES = ['Dollar', 'Mile', 'Point', 'Credit'] as const;
export const ENROLLMENT_TYPES = ['direct', 'sso', 'none'] as const;
export const CARD_TYPES = ['AMEX', 'DISC', 'MAST', 'VISA'] as const;
