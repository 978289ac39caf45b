// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { CardFrame, CARD_FRAME_NOT_LOADED, CARD_FRAME_TITLE } from './card-frame';
import { renderWithProviders } from '#client/test/render';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { expectNoAxeViolations } from '#client/test/axe';
import { cardFrame, ENCRYPTED, FRAME_ORIGIN, frameSays } from '../test/cards-fixtures';
import { parseCardFrameMessage } from '../card-frame-messages';
import * as impressions from '#client/lib/impressions';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const goodCard = { type: 'card-frame:card', encryptedCardNumber: ENCRYPTED, lastFour: '4242', cardType: 'Visa' };

function renderFrame(opts: { error?: string; optional?: boolean } = {}) {
  const onCard = vi.fn();
  const onPending = vi.fn();
  const partner = makePartnerConfig({ cardTypesAccepted: ['VISA', 'MAST'] });
  renderWithProviders(<CardFrame onCard={onCard} onPending={onPending} error={opts.error} optional={opts.optional} />, { partner });
  return { onCard, onPending };
}

describe('CardFrame (parent side of the secure card entry)', () => {
  it('embeds the frame from its own origin, sandboxed, titled, told the exact parent origin and the accepted brands', async () => {
    renderFrame();
    const frame = screen.getByTitle(CARD_FRAME_TITLE) as HTMLIFrameElement;
    const src = new URL(frame.src);
    expect(src.origin).toBe(FRAME_ORIGIN);
    expect(src.pathname).toBe('/card-frame/');
    expect(src.searchParams.get('parent')).toBe(window.location.origin);
    expect(src.searchParams.get('accepted')).toBe('VISA,MAST');
    // The partner's font family, which the frame checks and uses (issue 13).
    expect(src.searchParams.get('font')).toBe(makePartnerConfig().theme.fontFamily);
    expect(src.searchParams.has('optional')).toBe(false);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    await expectNoAxeViolations();
  });

  it('accepts a card message from the frame window and origin, and drops it on invalid', () => {
    const { onCard } = renderFrame();
    frameSays(goodCard);
    expect(onCard).toHaveBeenLastCalledWith(goodCard);
    frameSays({ type: 'card-frame:invalid', message: 'Card must be Visa®' });
    expect(onCard).toHaveBeenLastCalledWith(null, 'Card must be Visa®');
  });

  it('a frame that says ready again (it loaded again) holds no card: the parent is told to drop any', () => {
    const { onCard } = renderFrame();
    frameSays(goodCard);
    frameSays({ type: 'card-frame:ready' });
    expect(onCard).toHaveBeenLastCalledWith(null);
  });

  it('a frame that says ready with a number typed before its script ran: a card is on its way, none dropped', () => {
    const { onCard, onPending } = renderFrame();
    frameSays({ type: 'card-frame:ready', numberFollows: true });
    expect(onPending).toHaveBeenCalledTimes(1);
    expect(onCard).not.toHaveBeenCalled();
  });

  it('passes on that a card is on its way (the frame is encrypting a number), from the frame only', () => {
    const { onCard, onPending } = renderFrame();
    frameSays({ type: 'card-frame:pending' }, { origin: 'http://evil.localhost:3000' });
    expect(onPending).not.toHaveBeenCalled();
    frameSays({ type: 'card-frame:pending' });
    expect(onPending).toHaveBeenCalledTimes(1);
    expect(onCard).not.toHaveBeenCalled();
  });

  it('ignores messages from another origin', () => {
    const { onCard } = renderFrame();
    frameSays(goodCard, { origin: 'http://evil.localhost:3000' });
    frameSays(goodCard, { origin: 'http://localhost:3000' });
    frameSays(goodCard, { origin: `${FRAME_ORIGIN}/` });
    expect(onCard).not.toHaveBeenCalled();
  });

  it('ignores messages from another window, even with the right origin', () => {
    const { onCard } = renderFrame();
    frameSays(goodCard, { source: window });
    frameSays(goodCard, { source: null });
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    frameSays(goodCard, { source: other.contentWindow });
    expect(onCard).not.toHaveBeenCalled();
  });

  it('ignores messages of the wrong shape', () => {
    const { onCard } = renderFrame();
    frameSays('card-frame:card');
    frameSays(null);
    frameSays({ ...goodCard, lastFour: '42' });
    frameSays({ ...goodCard, cardType: 'Diners' });
    frameSays({ ...goodCard, encryptedCardNumber: '4242424242424242<script>' });
    frameSays({ ...goodCard, type: 'card-frame:number', number: '4242424242424242' });
    frameSays({ type: 'card-frame:invalid', message: 42 });
    expect(onCard).not.toHaveBeenCalled();
  });

  it('sizes the iframe from its height messages, within bounds', () => {
    renderFrame();
    frameSays({ type: 'card-frame:height', height: 180 });
    expect(cardFrame().style.height).toBe('180px');
    frameSays({ type: 'card-frame:height', height: 4000 });
    expect(cardFrame().style.height).toBe('480px');
    frameSays({ type: 'card-frame:height', height: Number.NaN });
    expect(cardFrame().style.height).toBe('480px');
  });

  it('shows the configured message and records the failure when the frame is not ready within 20 s', () => {
    vi.useFakeTimers();
    const track = vi.spyOn(impressions, 'track').mockImplementation(() => undefined);
    const { onCard } = renderFrame();
    act(() => vi.advanceTimersByTime(19_999));
    expect(screen.queryByText(CARD_FRAME_NOT_LOADED)).toBeNull();
    expect(onCard).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toBe(CARD_FRAME_NOT_LOADED);
    // No number can come from it: a submit waiting for the frame's word stops waiting.
    expect(onCard).toHaveBeenLastCalledWith(null);
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ eventType: 'cardFrameLoadFailed' }));
    expect(cardFrame().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('does not time out once the frame said ready', () => {
    vi.useFakeTimers();
    const track = vi.spyOn(impressions, 'track').mockImplementation(() => undefined);
    renderFrame();
    frameSays({ type: 'card-frame:ready' });
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.queryByText(CARD_FRAME_NOT_LOADED)).toBeNull();
    expect(track).not.toHaveBeenCalled();
  });

  it('a ready message from elsewhere does not stop the watch', () => {
    vi.useFakeTimers();
    vi.spyOn(impressions, 'track').mockImplementation(() => undefined);
    renderFrame();
    frameSays({ type: 'card-frame:ready' }, { origin: 'http://evil.localhost' });
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText(CARD_FRAME_NOT_LOADED)).toBeTruthy();
  });

  it('shows the form’s error as an alert tied to the iframe; optional frames say so in their address', () => {
    renderFrame({ error: 'Please enter your credit card number.', optional: true });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Please enter your credit card number.');
    expect(new URL(cardFrame().src).searchParams.get('optional')).toBe('1');
  });
});

describe('parseCardFrameMessage', () => {
  it('keeps only the documented fields', () => {
    expect(parseCardFrameMessage({ ...goodCard, number: '4242424242424242' })).toEqual(goodCard);
    expect(parseCardFrameMessage({ type: 'card-frame:ready', extra: 1 })).toEqual({ type: 'card-frame:ready' });
    expect(parseCardFrameMessage({ type: 'card-frame:ready', numberFollows: true })).toEqual({ type: 'card-frame:ready', numberFollows: true });
    expect(parseCardFrameMessage({ type: 'card-frame:ready', numberFollows: 'yes' })).toEqual({ type: 'card-frame:ready' });
    expect(parseCardFrameMessage({ type: 'card-frame:pending', lastFour: '1111' })).toEqual({ type: 'card-frame:pending' });
    expect(parseCardFrameMessage([goodCard])).toBeNull();
  });
});
