import { describe, expect, it } from "vitest";
import type { Bucket } from "../../../dev/simulator/model";
import {
  availabilitySeries,
  dailyWindow,
  hourlyWindow,
  latencySeries,
  recordSample,
} from "../../../dev/simulator/stats";

const at = Date.parse("2026-03-10T12:34:56Z");
const sample = (down: boolean, lat = 100) => ({
  rounds: 1,
  downRounds: down ? 1 : 0,
  downtime: down ? 60 : 0,
  latSum: down ? 0 : lat * 2,
  latN: down ? 0 : 2,
  m0Sum: down ? 0 : lat * 0.6,
});

describe("simulator statistics (A10)", () => {
  it("windows: 24 hours ending with the current hour, 30 days ending today at 00:00 UTC", () => {
    const h = hourlyWindow(at);
    expect(new Date(h.from).toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(h.count).toBe(24);
    const d = dailyWindow(at);
    expect(new Date(d.from).toISOString()).toBe("2026-02-09T00:00:00.000Z");
    expect(d.count).toBe(30);
  });

  it("availability per point from rounds, null without data, downtime capped at the bucket length", () => {
    const hourly = new Map<number, Bucket>();
    const daily = new Map<number, Bucket>();
    for (let i = 0; i < 3; i++) recordSample(hourly, daily, at, sample(false));
    recordSample(hourly, daily, at, sample(true));
    recordSample(hourly, daily, at - 3_600_000, { ...sample(true), downtime: 99_999 });
    const s = availabilitySeries([hourly], hourlyWindow(at));
    expect(s.points[23]).toEqual({
      time: Date.parse("2026-03-10T12:00:00Z"),
      downtime: 60,
      availability: 75,
    });
    expect(s.points[22]?.downtime).toBe(3600);
    expect(s.points[0]).toEqual({ time: hourlyWindow(at).from, downtime: null, availability: null });
    expect(s.totals).toEqual({ downtime: 3660, availability: 60, timeframeSeconds: 86_400 });
    expect(availabilitySeries([], dailyWindow(at)).totals.availability).toBe(100);
  });

  it("latency averages passing checks in ms and sums several monitors", () => {
    const a = new Map<number, Bucket>();
    const b = new Map<number, Bucket>();
    recordSample(a, new Map(), at, sample(false, 100));
    recordSample(b, new Map(), at, sample(false, 300));
    const s = latencySeries([a, b], hourlyWindow(at));
    expect(s.points[23]).toEqual({
      time: Date.parse("2026-03-10T12:00:00Z"),
      metric0: 60,
      TotalDuration: 200,
    });
    expect(s.averages).toEqual({ metric0: 60, TotalDuration: 200 });
    expect(latencySeries([new Map()], hourlyWindow(at)).averages).toEqual({
      metric0: null,
      TotalDuration: null,
    });
  });

  it("keeps history compact: 48 hours and 32 days of buckets", () => {
    const hourly = new Map<number, Bucket>();
    const daily = new Map<number, Bucket>();
    for (let h = 0; h < 24 * 40; h++) recordSample(hourly, daily, at + h * 3_600_000, sample(false));
    expect(hourly.size).toBeLessThanOrEqual(49);
    expect(daily.size).toBeLessThanOrEqual(33);
  });
});
