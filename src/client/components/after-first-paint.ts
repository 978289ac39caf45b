import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it (the frame after the commit,
 * then a task): what is rendered behind it (and the code it loads) never delays the first paint.
 * The switch is a transition: React renders what it uncovers in slices, yielding to the browser,
 * instead of one long task (an update from a timer is otherwise rendered without a break).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    };
    // jsdom (unit tests) has no animation frames unless asked: a task is enough there.
    if (typeof requestAnimationFrame !== 'function') {
      done();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(done);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
