/** §9 layout breakpoints (px, min-width; the desktop layout starts at 861px), the same as the CSS media queries; shared so the page the server writes chooses images as the app does. */
export const BREAKPOINTS = { small: 451, medium: 661, desktop: 861, large: 1050 } as const;
export const DESKTOP_QUERY = `(min-width: ${BREAKPOINTS.desktop}px)`;
