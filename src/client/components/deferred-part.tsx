import { Component, Suspense, type ReactNode } from 'react';
import { makeReferenceCode } from '#shared/rules/reference-code';
import { clientErrorReport, reportClientError } from '../lib/client-errors';
import { isNetworkFailure, useOnline } from '../lib/network';
import { retryFailedScreens } from './lazy-screen';

type PartProps = {
  children: ReactNode;
  /** While the part's code loads (nothing by default). */
  fallback?: ReactNode;
  /** In the part's place when it could not load or failed (nothing by default): e.g. 'The map loads when you're back online'. */
  unavailable?: ReactNode;
};
type Props = PartProps & { online: boolean };

/**
 * A part loaded after the page (the footer, the banners, the prompts; the search page's map and
 * filters, a carousel): if its code cannot be
 * fetched (the connection dropped before it arrived) or it fails, the page goes on without it
 * instead of the whole app falling over; it is fetched again once the connection is back. A
 * failure that is not the connection is reported to support like any page error.
 */
class DeferredBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (isNetworkFailure(error)) {
      console.info('Part of the page not loaded: no connection.', error);
      return;
    }
    console.error(error);
    reportClientError(clientErrorReport(makeReferenceCode(), error, window.location.pathname));
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.failed && this.props.online && !prev.online) {
      retryFailedScreens();
      this.setState({ failed: false });
    }
  }

  override render() {
    if (this.state.failed) return this.props.unavailable ?? null;
    return <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
  }
}

/**
 * A part of a page or of its chrome loaded after the page (made with lazyScreen, so that it can be
 * fetched again), in its own boundary: losing it never takes the page down.
 */
export function DeferredPart(props: PartProps) {
  const online = useOnline();
  return <DeferredBoundary online={online} {...props} />;
}
