import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationPrediction } from '#shared/schemas/locations';
import { LOCATION_PREDICTION_MIN_CHARS } from '#shared/constants/locations';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { track } from '#client/lib/impressions';

/** Typing pauses this long before suggestions are asked for. */
export const LOCATION_PREDICTION_DELAY_MS = 150;

/** GET /api/locations/predictions; each request is a §7 'location prediction request' impression. */
export function locationPredictionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['locationPredictions', text] as const,
    queryFn: async ({ signal }) => {
      track({ eventType: 'locationPredictionRequest', path: window.location.pathname });
      return (await call(API_PATHS.locationPredictions, { query: { q: text }, signal })).predictions;
    },
    enabled: text.length >= LOCATION_PREDICTION_MIN_CHARS,
    // Places do not move: the same text never asks twice in a visit.
    staleTime: Infinity,
    retry: false,
  });
}

/** Suggestions for what is typed, asked for once typing pauses; none while `active` is false. */
export function useLocationPredictions(text: string, active: boolean): LocationPrediction[] {
  const trimmed = text.trim();
  const [settled, setSettled] = useState('');
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSettled(trimmed), LOCATION_PREDICTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trimmed, active]);
  const query = useQuery({ ...locationPredictionsQueryOptions(settled), enabled: active && settled.length >= LOCATION_PREDICTION_MIN_CHARS });
  if (!active || trimmed.length < LOCATION_PREDICTION_MIN_CHARS) return [];
  return query.data ?? [];
}
