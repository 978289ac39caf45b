import { z } from 'zod';

/** What the location box holds while a person types (§7 location prediction request). */
export const ZLocationPredictionsQuery = z.object({
  q: z.string({ message: 'Type a city, state or ZIP code.' })
    .trim()
    .min(1, 'Type a city, state or ZIP code.')
    .max(100, 'Type at most 100 characters.'),
});

export const ZLocationPrediction = z.object({
  /** 'Portland, OR', 'New York, NY 10001' or a state: text the search understands as it is. */
  label: z.string(),
});
export const ZLocationPredictionsResponse = z.object({ predictions: z.array(ZLocationPrediction) });
export type LocationPrediction = z.infer<typeof ZLocationPrediction>;
