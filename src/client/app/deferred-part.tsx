import { Component, Suspense, type ReactNode } from 'react';
import { makeReferenceCode } from '#shared/rules/reference-code';
import { clientErrorReport, reportClientError } from '../lib/client-errors';
import { isNetworkFailure, useOnline } from '../lib/network';
import { retryFailedScreens } from './lazy-screen';

type Props = { online: boolean; children: ReactNode };

/**
 * Chrome loaded after the first paint (the footer, the banners, the prompts): if its code cannot be
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
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/** A part of the page chrome loaded after the first paint (lazyScreen), in its own boundary. */
export function DeferredPart({ children }: { children: ReactNode }) {
  const online = useOnline();
  return <DeferredBoundary online={online}>{children}</DeferredBoundary>;
}
