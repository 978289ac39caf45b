// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBaseFile, resetBaseFiles, stateFilesFor } from './base-layer';
import { basePalette, mix } from './colors';

const NY = { id: '36', bbox: [-79.76, 40.5, -71.86, 45.01] as [number, number, number, number] };
const NJ = { id: '34', bbox: [-75.56, 38.93, -73.89, 41.36] as [number, number, number, number] };
const CA = { id: '06', bbox: [-124.4, 32.5, -114.1, 42] as [number, number, number, number] };
const MANHATTAN: [number, number, number, number] = [-74.05, 40.68, -73.9, 40.8];

afterEach(() => resetBaseFiles());

describe('stateFilesFor', () => {
  it('asks for nothing per state while the view shows the country', () => {
    expect(stateFilesFor({ zoom: 5, box: [-125, 24, -66, 50] }, [NY, NJ, CA])).toEqual([]);
  });
  it("asks for the counties, then the places, of the states in view only", () => {
    expect(stateFilesFor({ zoom: 7, box: MANHATTAN }, [NY, NJ, CA])).toEqual(['counties-36', 'counties-34']);
    expect(stateFilesFor({ zoom: 12, box: MANHATTAN }, [NY, NJ, CA])).toEqual(['counties-36', 'places-36', 'counties-34', 'places-34']);
  });
});

describe('loadBaseFile', () => {
  it('fetches a file once from /map/base and shares it', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ places: [] }), { status: 200 }));
    const [a, b] = await Promise.all([loadBaseFile('places', fetcher), loadBaseFile('places', fetcher)]);
    expect(a).toEqual({ places: [] });
    expect(b).toBe(a);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('/map/base/places.json');
  });
  it('fails on an error answer and tries again next time', async () => {
    const fetcher = vi.fn()
      .mockResolvedValueOnce(new Response('{"message":"No such map layer."}', { status: 404 }))
      .mockResolvedValueOnce(new Response('{"ok":1}', { status: 200 }));
    await expect(loadBaseFile('states', fetcher)).rejects.toThrow(/404/);
    await expect(loadBaseFile('states', fetcher)).resolves.toEqual({ ok: 1 });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('basePalette', () => {
  it("mixes the partner's colours into quiet map colours", () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#fff', 'rgb(0, 0, 0)', 1)).toBe('#000000');
    expect(mix('var(--x)', '#fff', 0.5)).toBe('var(--x)');
    const p = basePalette({ primary: '#c8102e', surface: '#ffffff', text: '#1a1a1a' });
    const q = basePalette({ primary: '#003366', surface: '#ffffff', text: '#1a1a1a' });
    expect(p.water).not.toBe(q.water);
    expect(p.land).toMatch(/^#f/);
    for (const v of Object.values(p)) expect(v).toMatch(/^#[0-9a-f]{6}$/);
  });
});
