// Quiet hours: a window of local time (in the player's time zone) in which nothing is pushed.
import type { PushSettings } from '@zilch/protocol';

/** The minute of the day (0–1439) at `now` in time zone `tz`. */
export function minuteOfDay(now: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Whether `now` falls in the settings' quiet hours [from, to), which may wrap past midnight. */
export function isQuiet(s: PushSettings, now: number): boolean {
  if (!s.quietHours || s.quietHours.from === s.quietHours.to) return false;
  const m = minuteOfDay(now, s.timeZone);
  const { from, to } = s.quietHours;
  return from < to ? m >= from && m < to : m >= from || m < to;
}
