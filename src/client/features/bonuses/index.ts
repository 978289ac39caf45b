/**
 * Bonuses (§2 overview bonus banners, §4 Bonus, §7 registration): the member's bonuses worded
 * from their programmes (rules/bonus-terms.ts) with the 'earn_banner' content, and the
 * registration call. <BonusBanners> is the overview's two sections; <WelcomeBonus> offers the
 * new-member bonus alone (joining success page, home); both show each bonus with <BonusCard>.
 */
export { BonusBanners, BONUS_REGISTERED_MESSAGE, BONUS_FAILED_MESSAGE } from './components/bonus-banners';
export { WelcomeBonus } from './components/welcome-bonus';
