/** The §2 earn pages, as tests walk them. */
export const EARN_PAGE_PATHS = ['/earn', '/earn/topgolf-bonus', '/earn/new-member-bonus', '/earn/how-it-works', '/earn/reservations', '/earn/vip-upgrade', '/earn/this-is-big'] as const;
