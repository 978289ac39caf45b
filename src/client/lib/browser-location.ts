/**
 * Full-page navigations (sign-out reload, single sign-on start). One object so tests can spy on
 * it: jsdom implements neither.
 */
export const browserLocation = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
