import { describe, expect, it } from 'vitest';
import { minPopulationForZoom, placeCandidates, selectLabels, type LabelCandidate } from './places';

// A plain equirectangular view: 100 px per degree, top-left at (lon -80, lat 45).
const view = (zoom: number) => ({ zoom, width: 800, height: 600, project: (lat: number, lon: number) => ({ x: (lon + 80) * 100, y: (45 - lat) * 100 }) });

describe('city labels', () => {
  it('names fewer, larger places as one zooms out', () => {
    expect(minPopulationForZoom(3)).toBeGreaterThan(minPopulationForZoom(6));
    expect(minPopulationForZoom(6)).toBeGreaterThan(minPopulationForZoom(9));
    expect(minPopulationForZoom(13)).toBe(0);
    const places = placeCandidates([[['Big', -77, 43, 2_000_000], ['Mid', -75, 43, 120_000], ['Small', -74, 42, 3_000]]]);
    expect(selectLabels(places, view(4)).map((l) => l.name)).toEqual(['Big']);
    expect(selectLabels(places, view(6)).map((l) => l.name)).toEqual(['Big', 'Mid']);
    expect(selectLabels(places, view(12)).map((l) => l.name)).toEqual(['Big', 'Mid', 'Small']);
  });

  it('keeps the larger of two overlapping names and drops names outside the view', () => {
    const places = placeCandidates([[['Smallertown', -77.05, 43, 60_000], ['Largerville', -77, 43, 90_000], ['Elsewhere', -60, 43, 500_000]]]);
    const labels = selectLabels(places, view(9));
    expect(labels.map((l) => l.name)).toEqual(['Largerville']);
    expect(labels[0]).toMatchObject({ x: 300, y: 200 });
  });

  it('writes state names first at the first zoom levels only', () => {
    const candidates: LabelCandidate[] = [
      { name: 'Metropolis', lon: -77, lat: 43, rank: 5_000_000, kind: 'place' },
      { name: 'New York', lon: -77, lat: 43.05, rank: 0, kind: 'state' },
    ];
    expect(selectLabels(candidates, view(5)).map((l) => l.name)).toEqual(['New York']);
    expect(selectLabels(candidates, view(8)).map((l) => l.name)).toEqual(['Metropolis']);
  });

  it('counts a place once when the national and the state files both have it', () => {
    const c = placeCandidates([[['Albany', -73.75, 42.65, 97_000]], [['Albany', -73.75, 42.65, 97_000], ['Troy', -73.69, 42.73, 50_000]]]);
    expect(c.map((p) => p.name)).toEqual(['Albany', 'Troy']);
  });
});
