/**
 * What a connection allows campaigns right now (issue 28, sending that protects the number): its daily
 * cap of campaign messages (the company's day) and its sending window (hours per weekday, on the
 * company's clock, as queues' work hours are read). Pure: the hop asks how long to wait, and how many
 * recipients it may take on.
 */
import { companyClock } from '../../../shared/company-time';
import type { ConnectionDto } from '../../../shared/connections';
import { isWithinSchedule } from '../inbound/work-hours';

type Limits = Partial<Pick<ConnectionDto, 'campaignDailyLimit' | 'campaignSchedule'>>;

const DAY_SECONDS = 24 * 60 * 60;
/** How far ahead the window's opening is looked for; past it the hop waits this long and looks again. */
const LOOK_AHEAD_MINUTES = 15;

/** Seconds until the connection may send again: 0 now; else until the next day (cap reached) or the window opens (at most LOOK_AHEAD_MINUTES). */
export function campaignWaitSeconds(limits: Limits, sentToday: number, now: Date): number {
  if (limits.campaignDailyLimit && sentToday >= limits.campaignDailyLimit) return secondsToNextDay(now);
  const schedule = limits.campaignSchedule ?? [];
  if (schedule.length === 0 || isWithinSchedule(schedule, now)) return 0;
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  for (let minutes = 1; minutes <= LOOK_AHEAD_MINUTES; minutes += 1) {
    const at = minuteStart + minutes * 60_000;
    if (isWithinSchedule(schedule, new Date(at))) return Math.ceil((at - now.getTime()) / 1000);
  }
  return LOOK_AHEAD_MINUTES * 60;
}

/** How many more campaign messages the connection takes today (Infinity without a cap). */
export function remainingToday(limits: Limits, sentToday: number): number {
  return limits.campaignDailyLimit ? Math.max(0, limits.campaignDailyLimit - sentToday) : Number.POSITIVE_INFINITY;
}

function secondsToNextDay(now: Date): number {
  const [hours = 0, minutes = 0, seconds = 0] = companyClock(now).split(':').map(Number);
  return Math.max(1, DAY_SECONDS - (hours * 3600 + minutes * 60 + seconds));
}
