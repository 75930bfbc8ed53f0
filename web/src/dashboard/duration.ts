/**
 * Average times of the dashboard (minutes from the server) as hours and minutes (spec 2 §2; checklist
 * O-015: 135 shows as 2 hours 15 minutes). Rounded to the whole minute first, so 59.6 is 1 h 0 min,
 * never 0 h 60 min.
 */
export interface HoursAndMinutes {
  readonly hours: number;
  readonly minutes: number;
}

export function hoursAndMinutes(totalMinutes: number): HoursAndMinutes {
  // A missing or nonsensical figure reads as no time rather than as NaN on a card.
  const whole = Number.isFinite(totalMinutes) && totalMinutes > 0 ? Math.round(totalMinutes) : 0;
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}
