import { useEffect, useState, type RefObject } from 'react';

/** Scrolling less than this (px) is ignored, so small jitters do not toggle the bar. */
const THRESHOLD = 8;

/**
 * §2: on small screens the header hides while scrolling down and returns on scrolling up.
 * It never hides near the top of the page or while keyboard focus is inside it (the header's onFocus
 * also brings it back when Tab reaches it).
 */
export function useHideOnScroll(ref: RefObject<HTMLElement | null>, enabled: boolean): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    // Reading scrollY makes the browser lay the page out first. Read here, in the effect, that
    // layout of the freshly drawn page ran inside React's task (30-70 ms on a throttled phone);
    // read in the next frame, it is the layout that frame does anyway.
    let lastY: number | null = null;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (lastY === null) {
        lastY = y;
        return;
      }
      const delta = y - lastY;
      if (Math.abs(delta) < THRESHOLD) return;
      lastY = y;
      const el = ref.current;
      const height = el?.offsetHeight ?? 64;
      const focusInside = !!el && keyboardFocusInside(el);
      setHidden(delta > 0 && y > height && !focusInside);
    };
    let frame = requestAnimationFrame(update);
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, enabled]);
  return [enabled && hidden, setHidden];
}

/** Focus inside that the user can see (keyboard); a tapped button keeping focus does not pin the bar. */
function keyboardFocusInside(el: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || !el.contains(active)) return false;
  try {
    return active.matches(':focus-visible');
  } catch {
    return true;
  }
}
