// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePrompt, UPDATE_AVAILABLE_TEXT } from './components/update-prompt';

type Handler = () => void;
const handlers = new Map<string, Handler[]>();
const messageSkipWaiting = vi.fn();
const register = vi.fn(() => Promise.resolve(undefined));
const constructed: string[] = [];

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      constructed.push(url);
    }
    addEventListener(type: string, h: Handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), h]);
    }
    messageSkipWaiting = messageSkipWaiting;
    register = register;
  },
}));

afterEach(() => {
  cleanup();
  handlers.clear();
  vi.clearAllMocks();
});

describe('service worker registration and update prompt', () => {
  it('registers /worker.js; a waiting version asks first, then takes over and reloads', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const { registerWorker } = await import('./register-worker');
    const onUpdate = vi.fn();
    await registerWorker(onUpdate);
    expect(constructed).toContain('/worker.js');
    expect(register).toHaveBeenCalledTimes(1);
    expect(onUpdate).not.toHaveBeenCalled();
    handlers.get('waiting')!.forEach((h) => h());
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(messageSkipWaiting).not.toHaveBeenCalled();
    const handle = onUpdate.mock.calls[0]![0] as { activateUpdate: () => void };
    handle.activateUpdate();
    expect(messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(handlers.get('controlling')).toHaveLength(1);
  });

  it("the prompt says so, with 'Reload' and 'Not now'", async () => {
    const onReload = vi.fn();
    const onDismiss = vi.fn();
    render(<UpdatePrompt onReload={onReload} onDismiss={onDismiss} />);
    expect(screen.getByRole('status').textContent).toContain(UPDATE_AVAILABLE_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
