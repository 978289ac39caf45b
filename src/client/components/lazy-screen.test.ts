import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, loadOnce } from './lazy-screen';

describe('loadOnce', () => {
  it('fetches once for every caller and keeps the module', async () => {
    const mod = { Form: () => null };
    const fetcher = vi.fn(async () => mod);
    const form = loadOnce(fetcher);
    expect(form.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([form.load(), form.load()]);
    expect(a).toBe(mod);
    expect(b).toBe(mod);
    await form.load();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(form.loaded()).toBe(mod);
  });

  it('forgets a failed fetch: the next call fetches again (the connection came back)', async () => {
    const mod = { Form: () => null };
    const fetcher = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce(mod);
    const form = loadOnce(fetcher as () => Promise<typeof mod>);
    await expect(form.load()).rejects.toThrow('Failed to fetch');
    expect(form.loaded()).toBeUndefined();
    await expect(form.load()).resolves.toBe(mod);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('lazyScreen preload', () => {
  it('fetches the code once, however often it is asked for before the render', async () => {
    const fetcher = vi.fn(async () => ({ Screen: () => null }));
    const screen = lazyScreen(fetcher, 'Screen');
    screen.preload();
    screen.preload();
    await Promise.resolve();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed early fetch, so the next ask fetches again', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce({ Screen: () => null });
    const screen = lazyScreen(fetcher as () => Promise<{ Screen: () => null }>, 'Screen');
    screen.preload();
    expect(fetcher).toHaveBeenCalledTimes(1);
    // Asked again until the failure has been forgotten: then once more, and no further.
    await vi.waitFor(() => {
      screen.preload();
      expect(fetcher).toHaveBeenCalledTimes(2);
    });
    screen.preload();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
