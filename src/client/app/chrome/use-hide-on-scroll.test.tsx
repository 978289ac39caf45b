// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { useHideOnScroll } from './use-hide-on-scroll';

let frames: FrameRequestCallback[] = [];
let y = 0;
let reads = 0;

function runFrames() {
  const due = frames;
  frames = [];
  act(() => due.forEach((f) => f(0)));
}

function scrollTo(next: number) {
  y = next;
  window.dispatchEvent(new Event('scroll'));
  runFrames();
}

function Bar() {
  const ref = useRef<HTMLElement>(null);
  const [hidden] = useHideOnScroll(ref, true);
  return <header ref={ref} data-hidden={String(hidden)}>bar</header>;
}

beforeEach(() => {
  frames = [];
  y = 0;
  reads = 0;
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => { reads += 1; return y; } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useHideOnScroll', () => {
  it('does not read the scroll position (a forced layout) while React draws the page, only in the next frame', () => {
    render(<Bar />);
    expect(reads).toBe(0);
    runFrames();
    expect(reads).toBe(1);
  });

  it('hides on scrolling down past the bar and comes back on scrolling up, from a page opened scrolled', () => {
    y = 500;
    const { container } = render(<Bar />);
    const header = () => container.querySelector('header')!.dataset.hidden;
    runFrames();
    scrollTo(503);
    expect(header()).toBe('false');
    scrollTo(600);
    expect(header()).toBe('true');
    scrollTo(560);
    expect(header()).toBe('false');
  });
});
