/** Suggestions start with the second character typed (its own module: the client reads it without zod). */
export const LOCATION_PREDICTION_MIN_CHARS = 2;
