// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ToastProvider, useToast, type ToastKind } from './toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ kind, message }: { kind: ToastKind; message: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show({ kind, message })}>
      {`show ${kind}`}
    </button>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger kind="success" message="All changes were saved." />
      <Trigger kind="error" message="Something went wrong, please refresh your browser." />
    </ToastProvider>,
  );
}

describe('Toast', () => {
  it('announces success politely and closes it after 5000 ms', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show success' }));
    expect(within(screen.getByRole('status')).getByText('All changes were saved.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('All changes were saved.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('All changes were saved.')).toBeNull();
  });

  it('announces errors assertively and keeps them until dismissed', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show error' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Something went wrong, please refresh your browser.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Something went wrong, please refresh your browser.')).not.toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Something went wrong, please refresh your browser.')).toBeNull();
  });
});
