import { lazy, type ComponentType, type ReactNode } from 'react';

/** The props a function component takes (none: an empty object). */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? (unknown extends P ? object : P) : never;

/** Bumped when the page tries its screen again (the offline page's retry, the next navigation). */
let attempt = 0;

/**
 * A screen whose code could not be fetched (offline) is fetched afresh on the next attempt: called
 * by the routes' error boundary when it tries again. React keeps a failed lazy load failed for good,
 * so the screen makes a new one; until then the failure stays thrown, for the boundary to show the
 * offline page (a new load started by every render meanwhile would suspend the page out of sight).
 */
export function retryFailedScreens(): void {
  attempt += 1;
}

/** A lazily loaded screen; `preload()` starts fetching its code before it is first rendered. */
export type LazyScreen<P> = ((props: P) => ReactNode) & { preload: () => void };

/**
 * A screen (or a part of a page or of the chrome, in a DeferredPart) loaded when first shown, so the first page only
 * downloads its own code. Navigations are
 * transitions (the router's, lib/router.tsx), so the page on screen stays until the next one's
 * code has arrived; on the first load the app's Suspense boundary (AppRoutes) waits for it.
 * `preload()` fetches the same code earlier, once, shared with the render (app/routes.tsx
 * preloadScreens: a nested page's screens side by side instead of one after the other).
 */
export function lazyScreen<K extends string, M extends Record<K, (props: never) => ReactNode>>(load: () => Promise<M>, name: K): LazyScreen<PropsOf<M[K]>> {
  const code = loadOnce(load);
  let failedOn: number | null = null;
  const make = () => lazy(async (): Promise<{ default: ComponentType<object> }> => {
    try {
      return { default: (await code.load())[name] as unknown as ComponentType<object> };
    } catch (err) {
      failedOn = attempt;
      throw err;
    }
  });
  let current = make();
  function Screen(props: PropsOf<M[K]>) {
    if (failedOn !== null && failedOn !== attempt) {
      failedOn = null;
      current = make();
    }
    const Loaded = current;
    return <Loaded {...(props as object)} />;
  }
  // A failed early fetch is forgotten by loadOnce: the render fetches again and shows its own failure.
  return Object.assign(Screen, { preload: () => void code.load().catch(() => undefined) });
}

/**
 * A module's code fetched once and shared by all who ask (a screen's early fetch and its lazy
 * part); a failed fetch is forgotten, so the next ask fetches again. `loaded()` is the module once
 * it has arrived, for a part that can then render at once instead of suspending.
 */
export function loadOnce<M>(load: () => Promise<M>): { load: () => Promise<M>; loaded: () => M | undefined } {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load() {
      loading ??= load().then(
        (m) => (module = m),
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}
