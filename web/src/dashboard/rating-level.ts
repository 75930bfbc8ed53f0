/**
 * The face an attendant's average rating shows (spec 2 §9: 1 unsatisfied, 2 satisfied, 3 very
 * satisfied). The server answers the average with one decimal, or null without ratings.
 */
export type RatingLevel = 1 | 2 | 3;

export function ratingLevel(rating: number | null): RatingLevel | null {
  if (rating === null || !Number.isFinite(rating)) return null;
  return Math.min(3, Math.max(1, Math.round(rating))) as RatingLevel;
}
