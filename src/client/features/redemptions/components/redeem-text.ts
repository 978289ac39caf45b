import { money } from '../format';

/** What the Redeem form says (its steps' headings, its fields' names and its messages), for its parts and the tests. */
export const CHOOSE_TITLE = 'Choose how to redeem';
export const CONFIRM_TITLE = 'Check and confirm';
export const OPTIONS_LEGEND = 'How would you like your money?';
export const AMOUNT_LABEL = 'Amount in dollars';
export const CARD_LABEL = 'Card for the statement credit';
export const CONTINUE = 'Continue';
export const CHANGE = 'Change';
export const CHOOSE_OPTION_MESSAGE = 'Choose how you would like your money.';
export const CHOOSE_CARD_MESSAGE = 'Choose the linked card the statement credit goes to.';
export const NONE_AVAILABLE = 'None of the ways to redeem is open to you just now: each says why below.';
export const RETRY_MESSAGE = 'We could not hear back from our server, so we do not know yet whether it went through. Try again: it is redeemed once, however often you try.';

/** The button that sends the redemption: 'Redeem $25.00'. */
export const redeemButtonText = (cents: number) => `Redeem ${money(cents)}`;
