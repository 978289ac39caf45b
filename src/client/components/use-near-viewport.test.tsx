// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useNearViewport } from './use-near-viewport';

function Probe({ margin }: { margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, margin);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

describe('useNearViewport', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is false until the element comes near the viewport, then stays true and stops observing', () => {
    const observers: Array<{ callback: Callback; options: { rootMargin?: string }; disconnect: ReturnType<typeof vi.fn>; observed: Element[] }> = [];
    vi.stubGlobal('IntersectionObserver', class {
      disconnect = vi.fn();
      observed: Element[] = [];
      constructor(readonly callback: Callback, readonly options: { rootMargin?: string }) {
        observers.push(this as never);
      }
      observe(el: Element) { this.observed.push(el); }
    });
    render(<Probe margin="120px" />);
    expect(screen.getByText('far')).toBeTruthy();
    const [observer] = observers;
    expect(observer!.options.rootMargin).toBe('120px');
    expect(observer!.observed).toEqual([screen.getByText('far')]);
    act(() => observer!.callback([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observer!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeTruthy();
    expect(observer!.disconnect).toHaveBeenCalled();
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
