import type { MapPlace } from '#shared/rules/map-base';

/** A name written on the map: a place, or a state (at the first zoom levels). */
export type LabelCandidate = { name: string; lon: number; lat: number; rank: number; kind: 'place' | 'state' };
export type PlacedLabel = LabelCandidate & { x: number; y: number };

/** The smallest place named at each zoom: the largest cities first, towns as one zooms in. */
export function minPopulationForZoom(zoom: number): number {
  if (zoom <= 3) return 1_000_000;
  if (zoom <= 4) return 500_000;
  if (zoom <= 5) return 250_000;
  if (zoom <= 6) return 100_000;
  if (zoom <= 7) return 50_000;
  if (zoom <= 8) return 25_000;
  if (zoom <= 9) return 10_000;
  if (zoom <= 10) return 5_000;
  if (zoom <= 11) return 2_000;
  return 0;
}

/** State names are written up to this zoom (beyond it a view shows one state or two). */
export const STATE_LABELS_MAX_ZOOM = 6;
const MAX_LABELS = 40;
/** Room kept clear around each name (pixels), so names do not crowd each other. */
const GAP = 10;

/** Places as label candidates, each once (the national file and a state's file overlap). */
export function placeCandidates(lists: ReadonlyArray<readonly MapPlace[]>): LabelCandidate[] {
  const seen = new Set<string>();
  const out: LabelCandidate[] = [];
  for (const list of lists) {
    for (const [name, lon, lat, population] of list) {
      const key = `${name}|${lon}|${lat}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name, lon, lat, rank: population, kind: 'place' });
    }
  }
  return out;
}

export type LabelView = {
  zoom: number;
  width: number;
  height: number;
  /** Pixel position in the view of a point. */
  project: (lat: number, lon: number) => { x: number; y: number };
  /** Approximate width of one character, pixels. */
  charWidth?: number;
};

/**
 * Which names to write in this view: states (at the first zoom levels) before places, larger
 * places before smaller, none smaller than the zoom allows, none overlapping one already written.
 */
export function selectLabels(candidates: readonly LabelCandidate[], view: LabelView): PlacedLabel[] {
  const minPop = minPopulationForZoom(view.zoom);
  const charWidth = view.charWidth ?? 7;
  const lineHeight = 18;
  const ordered = candidates
    .filter((c) => (c.kind === 'state' ? view.zoom <= STATE_LABELS_MAX_ZOOM && view.zoom >= 4 : c.rank >= minPop))
    .sort((a, b) => (a.kind === b.kind ? b.rank - a.rank : a.kind === 'state' ? -1 : 1));
  const placed: PlacedLabel[] = [];
  const boxes: Array<[number, number, number, number]> = [];
  for (const c of ordered) {
    if (placed.length >= MAX_LABELS) break;
    const { x, y } = view.project(c.lat, c.lon);
    const half = (c.name.length * charWidth + 12) / 2;
    const box: [number, number, number, number] = [x - half, y - lineHeight / 2, x + half, y + lineHeight / 2];
    if (box[0] < 0 || box[2] > view.width || box[1] < 0 || box[3] > view.height) continue;
    if (boxes.some((b) => b[0] < box[2] + GAP && b[2] + GAP > box[0] && b[1] < box[3] + GAP && b[3] + GAP > box[1])) continue;
    boxes.push(box);
    placed.push({ ...c, x, y });
  }
  return placed;
}
