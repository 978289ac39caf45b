import type { Redemption, RedemptionOptionsResponse, RedemptionsPage } from '#shared/schemas/redemptions';
import { MASKED_CARD_PLACEHOLDER, REDEMPTION_OPTIONS, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import { moneyText, optionUnavailable } from '#shared/rules/redemptions';

/**
 * The Redeem page's answer for component tests: $60.00 with $25.00 set aside, the Visa ending in
 * 1111 linked, ann@example.com confirmed, the automatic statement credit on at $20.00, and each
 * option as the server makes it (the shared rule says which are open).
 */
export function makeOptions(overrides: Partial<RedemptionOptionsResponse> = {}): RedemptionOptionsResponse {
  const balanceCents = overrides.balanceCents ?? 6_000;
  const cards = overrides.cards ?? [{ cardId: 1, label: 'Visa ending in 1111' }];
  return {
    balanceCents,
    inFlightCents: 2_500,
    autoStatementCredit: { enabled: true, breakpointCents: 2_000 },
    email: { address: 'ann@example.com', pendingChange: null },
    cards,
    options: REDEMPTION_OPTIONS.map((option) => ({
      option, ...REDEMPTION_TERMS[option], unavailableReason: optionUnavailable(option, { balanceCents, hasLinkedCard: cards.length > 0, giftCardsAvailable: true }),
    })),
    ...overrides,
  };
}

const AT = '2026-11-29T15:00:00.000Z';

/** A $25.00 Visa prepaid card by e-mail, on its way (pending, then pending_received). */
export function makeRedemption(overrides: Partial<Redemption> = {}): Redemption {
  const status = overrides.status ?? 'pending_received';
  const amountCents = overrides.amountCents ?? 2_500;
  return {
    redemptionId: 'rd_0123456789abcdef0123456789abcdef',
    option: 'visa', label: REDEMPTION_TERMS.visa.label, delivery: 'Email', brand: 'Visa',
    amountCents, feeCents: 0, status,
    destination: 'ann@example.com', maskedCard: MASKED_CARD_PLACEHOLDER, automatic: false, hold: null, reason: null,
    money: moneyText(status, amountCents),
    steps: [{ status: 'pending', at: AT }, { status: 'pending_received', at: '2026-11-29T15:00:05.000Z' }],
    createdAt: AT,
    ...overrides,
  };
}

/** A $20.00 statement credit to the Visa ending in 1111, completed. */
export function makeStatementCredit(overrides: Partial<Redemption> = {}): Redemption {
  return makeRedemption({
    redemptionId: 'rd_fedcba9876543210fedcba9876543210',
    option: 'statementCredit', label: REDEMPTION_TERMS.statementCredit.label, delivery: 'Card', brand: null,
    amountCents: 2_000, status: 'completed', destination: 'Visa ending in 1111', maskedCard: null, money: moneyText('completed', 2_000),
    steps: [{ status: 'pending', at: AT }, { status: 'pending_received', at: AT }, { status: 'completed', at: '2026-12-02T10:00:00.000Z' }],
    ...overrides,
  });
}

export function makeRedemptionsPage(data: Redemption[], opts: { totalPages?: number; totalResultSize?: number } = {}): RedemptionsPage {
  return { data, totalPages: opts.totalPages ?? (data.length ? 1 : 0), totalResultSize: opts.totalResultSize ?? data.length };
}
