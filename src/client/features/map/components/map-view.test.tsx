// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '#client/test/render';
import { makePartnerConfig } from '#client/test/partner-fixture';
import { merchantFixture } from '#client/test/merchant-fixture';
import { resetBaseFiles } from '../base-layer';
import MapView from './map-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetBaseFiles();
});

const merchants = [
  merchantFixture({ id: 1, name: 'Alpha', location: { ...merchantFixture().location, latitude: 40.75, longitude: -73.99 } }),
  merchantFixture({ id: 2, name: 'Beta', location: { ...merchantFixture().location, latitude: 40.8, longitude: -73.9 } }),
];

function renderMap(mapTileUrl: string, extra: Partial<Parameters<typeof MapView>[0]> = {}) {
  // The base layer's files never arrive here: jsdom has no canvas to draw them on.
  const fetcher = vi.fn((_url: string) => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetcher);
  renderWithProviders(
    <div style={{ width: 600, height: 400 }}>
      <MapView merchants={merchants} center={{ latitude: 40.75, longitude: -73.99 }} radius={5} selectedId={null} onSelect={() => undefined} onSearchArea={() => undefined} {...extra} />
    </div>,
    { partner: makePartnerConfig({ mapTileUrl }) },
  );
  return fetcher;
}

describe('MapView base layer', () => {
  it('loads its own base layer from /map/base when no tile URL is configured', async () => {
    const fetcher = renderMap('');
    await waitFor(() => expect(fetcher).toHaveBeenCalledWith('/map/base/states.json'));
    expect(fetcher).toHaveBeenCalledWith('/map/base/land.json');
    expect(fetcher).toHaveBeenCalledWith('/map/base/places.json');
    const region = screen.getByRole('region', { name: /Map of results/ });
    expect(region.dataset.baseLayer).toBe('loading');
    expect(region.querySelector('img.leaflet-tile')).toBeNull();
  });

  it('uses the configured tiles and loads no base layer', async () => {
    const fetcher = renderMap('https://tiles.example.com/{z}/{x}/{y}.png');
    const region = screen.getByRole('region', { name: /Map of results/ });
    await waitFor(() => expect(region.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(region.querySelector('img.leaflet-tile')!.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.com\/\d+\/\d+\/\d+\.png$/);
    expect(fetcher.mock.calls.some(([url]) => String(url).startsWith('/map/base'))).toBe(false);
    expect(region.dataset.baseLayer).toBeUndefined();
  });
});

describe('MapView selected card', () => {
  it('shows the card over the map, closes on Escape', async () => {
    const onCloseCard = vi.fn();
    renderMap('', { selectedId: 1, selectedCard: <p>Alpha card</p>, onCloseCard });
    const card = screen.getByRole('region', { name: 'Selected restaurant' });
    expect(card.textContent).toContain('Alpha card');
    fireEvent.keyDown(card, { key: 'Escape' });
    expect(onCloseCard).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close the selected restaurant' }));
    expect(onCloseCard).toHaveBeenCalledTimes(2);
  });
});
