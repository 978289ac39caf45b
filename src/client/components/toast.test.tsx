// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { TOAST_STATUS_MS, ToastProvider, toastDuration, useToast, type ToastKind, type ToastOptions } from './toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ kind, message, duration, label }: { kind: ToastKind; message: string; duration?: ToastOptions['duration']; label?: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show({ kind, message, ...(duration === undefined ? {} : { duration }) })}>
      {label ?? `show ${kind}`}
    </button>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger kind="success" message="All changes were saved." />
      <Trigger kind="error" message="Something went wrong, please refresh your browser." />
      <Trigger kind="warning" message="No changes were made." />
      <Trigger kind="error" message="Timed error." duration={1000} label="show timed error" />
      <Trigger kind="warning" message="Stays." duration={null} label="show sticky warning" />
    </ToastProvider>,
  );
}

describe('Toast', () => {
  it('announces success politely and closes it after 3000 ms (§9)', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show success' }));
    expect(within(screen.getByRole('status')).getByText('All changes were saved.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('All changes were saved.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('All changes were saved.')).toBeNull();
  });

  it('closes a warning after 3000 ms too, unless it asks to stay', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show warning' }));
    fireEvent.click(screen.getByRole('button', { name: 'show sticky warning' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('No changes were made.')).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Stays.')).not.toBeNull();
  });

  it('keeps an error until dismissed even when a caller asks for a time', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show timed error' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(screen.getByRole('alert')).getByText('Timed error.')).toBeTruthy();
  });

  it('pauses the closing while the pointer is on it', () => {
    vi.useFakeTimers();
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'show success' }));
    const toast = screen.getByText('All changes were saved.').closest('[data-kind]')!;
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('All changes were saved.')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('All changes were saved.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('All changes were saved.')).toBeNull();
  });

  it('toastDuration: 3000 ms by default, an error never closes on its own', () => {
    expect(TOAST_STATUS_MS).toBe(3000);
    expect(toastDuration('success')).toBe(3000);
    expect(toastDuration('warning')).toBe(3000);
    expect(toastDuration('warning', 8000)).toBe(8000);
    expect(toastDuration('warning', null)).toBeNull();
    expect(toastDuration('error')).toBeNull();
    expect(toastDuration('error', 5000)).toBeNull();
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
