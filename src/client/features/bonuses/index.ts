/**
 * Bonuses (§2 overview bonus banners, §4 Bonus, §7 registration): the banners of the 'earn_banner'
 * content for the member's active bonuses, and the registration call. Place <BonusBanners> where
 * content should show bonus banners (the account overview does).
 */
export { BonusBanners, BONUS_REGISTERED_MESSAGE, BONUS_FAILED_MESSAGE } from './components/bonus-banners';
export { bonusBannersOf, visibleBonusBanners, type BonusBanner, type BonusBannerView } from './banners';
export { useRegisterBonus } from './api';
