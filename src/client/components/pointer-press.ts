import { useSyncExternalStore } from 'react';

/**
 * Whether a pointer (mouse button, finger, pen) is pressed on the page right now. A press ends
 * after its click has been dispatched (pointerup, then click, then this), so what waits for the
 * end of a press never moves the control that is being clicked (issue 25 item 5).
 */
let pressed = false;
let installed = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (pressed === value) return;
  pressed = value;
  for (const l of listeners) l();
}

function install() {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('pointerdown', () => set(true), true);
  // The click comes after pointerup in the same task: the press ends once it has been handled.
  const release = () => window.setTimeout(() => set(false), 0);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  // A press that ends outside the window (or a drag) never sends pointerup here.
  window.addEventListener('blur', release);
}

function subscribe(listener: () => void) {
  install();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePointerPressed(): boolean {
  return useSyncExternalStore(subscribe, () => pressed, () => false);
}
