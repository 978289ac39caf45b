/**
 * Full-page navigations (sign-out reload, single sign-on start, the identity provider's sign-out).
 * One object so tests can spy on it: jsdom implements none of them.
 */
export const browserLocation = {
  /**
   * Set by `leave`: the address the browser is on its way to. Until the page unloads, `assign` and
   * `reload` do nothing, so no screen reacting to what happened (a signed-out member on an account
   * page is sent to sign in) can take the browser elsewhere.
   */
  leavingFor: null as string | null,
  reload(): void {
    if (browserLocation.leavingFor) return;
    window.location.reload();
  },
  assign(url: string): void {
    if (browserLocation.leavingFor) return;
    browserLocation.navigate(url);
  },
  /**
   * Leave the app for url and hold that course. Single sign-on sign-out: once our session has
   * ended, an account page would send the browser to the provider's sign-in, which, its own
   * session still alive, would sign the member straight back in; the provider's sign-out must win.
   */
  leave(url: string): void {
    browserLocation.leavingFor = url;
    browserLocation.navigate(url);
  },
  /** The navigation itself (tests replace it). */
  navigate(url: string): void {
    window.location.assign(url);
  },
};
