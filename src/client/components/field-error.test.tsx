// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FieldErrorSlot } from './field-error';

afterEach(cleanup);

describe('field errors keep still under a pointer (issue 25 item 5)', () => {
  it('an error that comes or goes while a pointer is pressed waits for the click to land', async () => {
    const { rerender, container } = render(<FieldErrorSlot id="zip-error" error={null} />);
    const slot = container.firstElementChild!;
    // Typing done, the pointer goes down on Save: the field blurs and validates under it.
    fireEvent.pointerDown(document.body);
    rerender(<FieldErrorSlot id="zip-error" error="ZIP code must be exactly 5 digits." />);
    expect(screen.queryByText('ZIP code must be exactly 5 digits.')).toBeNull();
    // The click lands, then the message shows.
    fireEvent.pointerUp(document.body);
    fireEvent.click(document.body);
    expect(await screen.findByText('ZIP code must be exactly 5 digits.')).toBeTruthy();
    // Fixed under the pointer: the message stays until the click has landed.
    fireEvent.pointerDown(document.body);
    rerender(<FieldErrorSlot id="zip-error" error={null} />);
    expect(screen.getByText('ZIP code must be exactly 5 digits.')).toBeTruthy();
    fireEvent.pointerUp(document.body);
    await waitFor(() => expect(screen.queryByText('ZIP code must be exactly 5 digits.')).toBeNull());
    // The slot itself is always there (its one line is kept by CSS).
    expect(container.firstElementChild).toBe(slot);
  });

  it('without a pointer (keyboard), the message shows at once', () => {
    const { rerender } = render(<FieldErrorSlot id="e" error={null} />);
    rerender(<FieldErrorSlot id="e" error="This field is required." />);
    expect(screen.getByText('This field is required.')).toBeTruthy();
  });
});
