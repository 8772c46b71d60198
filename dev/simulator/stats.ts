import type { Bucket } from "./model";
import { DAY, floorDay, floorHour, HOUR } from "./time";

/** A10: hourly = the last 24 hours (24 points), daily = the last 30 days (30 points at 00:00 UTC). */
export interface StatWindow {
  precision: "hourly" | "daily";
  from: number;
  step: number;
  count: number;
}

export function hourlyWindow(now: number): StatWindow {
  return { precision: "hourly", from: floorHour(now) - 23 * HOUR, step: HOUR, count: 24 };
}

export function dailyWindow(now: number): StatWindow {
  return { precision: "daily", from: floorDay(now) - 29 * DAY, step: DAY, count: 30 };
}

export const windowEnd = (w: StatWindow) => w.from + w.step * w.count;

function addTo(map: Map<number, Bucket>, key: number, s: Bucket): void {
  let b = map.get(key);
  if (!b) {
    b = { rounds: 0, downRounds: 0, downtime: 0, latSum: 0, latN: 0, m0Sum: 0 };
    map.set(key, b);
  }
  b.rounds += s.rounds;
  b.downRounds += s.downRounds;
  b.downtime += s.downtime;
  b.latSum += s.latSum;
  b.latN += s.latN;
  b.m0Sum += s.m0Sum;
}

/**
 * Adds a sample (one check round, or a synthesised stretch of history, counted like a bucket) to the
 * hour and day buckets; history stays compact (48 hours, 32 days per monitor).
 */
export function recordSample(
  hourly: Map<number, Bucket>,
  daily: Map<number, Bucket>,
  at: number,
  s: Bucket,
): void {
  const hour = floorHour(at);
  const day = floorDay(at);
  const newHour = !hourly.has(hour);
  const newDay = !daily.has(day);
  addTo(hourly, hour, s);
  addTo(daily, day, s);
  if (newHour) prune(hourly, hour - 48 * HOUR);
  if (newDay) prune(daily, day - 32 * DAY);
}

function prune(map: Map<number, Bucket>, before: number): void {
  for (const key of map.keys()) if (key < before) map.delete(key);
}

const round2 = (n: number) => Math.round(n * 10000) / 10000;

export interface AvailabilityPoint {
  time: number;
  downtime: number | null;
  availability: number | null;
}

export interface AvailabilitySeries {
  points: AvailabilityPoint[];
  totals: { downtime: number; availability: number; timeframeSeconds: number };
}

/** Availability of one monitor or the sum of several (team, group), null where no round was recorded. */
export function availabilitySeries(maps: Iterable<Map<number, Bucket>>, w: StatWindow): AvailabilitySeries {
  const list = [...maps];
  const points: AvailabilityPoint[] = [];
  let rounds = 0;
  let downRounds = 0;
  let downtime = 0;
  const cap = w.step / 1000;
  for (let i = 0; i < w.count; i++) {
    const time = w.from + i * w.step;
    let r = 0;
    let d = 0;
    let dt = 0;
    for (const map of list) {
      const b = map.get(time);
      if (!b || b.rounds === 0) continue;
      r += b.rounds;
      d += b.downRounds;
      dt += Math.min(cap, Math.round(b.downtime));
    }
    if (r === 0) {
      points.push({ time, downtime: null, availability: null });
      continue;
    }
    rounds += r;
    downRounds += d;
    downtime += dt;
    points.push({ time, downtime: dt, availability: round2(((r - d) / r) * 100) });
  }
  return {
    points,
    totals: {
      downtime,
      // The reference types totals.availability as a number: with no data at all we report 100.
      availability: rounds === 0 ? 100 : round2(((rounds - downRounds) / rounds) * 100),
      timeframeSeconds: (w.step * w.count) / 1000,
    },
  };
}

export interface LatencyPoint {
  time: number;
  metric0: number | null;
  TotalDuration: number | null;
}

export interface LatencySeries {
  points: LatencyPoint[];
  averages: { metric0: number | null; TotalDuration: number | null };
}

/** A10: latency in ms; metric0 is the connect part, TotalDuration the whole check. */
export function latencySeries(maps: Iterable<Map<number, Bucket>>, w: StatWindow): LatencySeries {
  const list = [...maps];
  const points: LatencyPoint[] = [];
  let sum = 0;
  let m0 = 0;
  let n = 0;
  for (let i = 0; i < w.count; i++) {
    const time = w.from + i * w.step;
    let s = 0;
    let m = 0;
    let c = 0;
    for (const map of list) {
      const b = map.get(time);
      if (!b || b.latN === 0) continue;
      s += b.latSum;
      m += b.m0Sum;
      c += b.latN;
    }
    if (c === 0) {
      points.push({ time, metric0: null, TotalDuration: null });
      continue;
    }
    sum += s;
    m0 += m;
    n += c;
    points.push({ time, metric0: Math.round(m / c), TotalDuration: Math.round(s / c) });
  }
  return {
    points,
    averages:
      n === 0
        ? { metric0: null, TotalDuration: null }
        : { metric0: Math.round(m0 / n), TotalDuration: Math.round(sum / n) },
  };
}
