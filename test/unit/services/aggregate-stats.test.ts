import { describe, expect, it } from "vitest";
import { aggregateAvailability, aggregateLatency } from "../../../src/services/aggregate-stats";

const t = (h: number) => new Date(Date.UTC(2026, 10, 21, h));

describe("aggregateAvailability", () => {
  it("averages the monitors with data per point, sums downtime, keeps all-null points as gaps", () => {
    const a = {
      precision: "hourly" as const,
      points: [
        { time: t(1), availability: 100, downtimeSeconds: 0 },
        { time: t(2), availability: 90, downtimeSeconds: 360 },
        { time: t(3), availability: null, downtimeSeconds: null },
      ],
      totals: { availability: 96.7, downtimeSeconds: 360, timeframeSeconds: 10_800 },
    };
    const b = {
      precision: "hourly" as const,
      points: [
        { time: t(2), availability: 100, downtimeSeconds: 0 },
        { time: t(1), availability: 80, downtimeSeconds: 720 },
        { time: t(3), availability: null, downtimeSeconds: null },
      ],
      totals: { availability: 90, downtimeSeconds: 720, timeframeSeconds: 10_800 },
    };
    const out = aggregateAvailability([a, b], "hourly");
    expect(out.points).toEqual([
      { time: t(1), availability: 90, downtimeSeconds: 720 },
      { time: t(2), availability: 95, downtimeSeconds: 360 },
      { time: t(3), availability: null, downtimeSeconds: null },
    ]);
    expect(out.totals).toEqual({ availability: 93.35, downtimeSeconds: 1080, timeframeSeconds: 10_800 });
  });

  it("gives an empty series for no monitors", () => {
    expect(aggregateAvailability([], "daily")).toEqual({
      precision: "daily",
      points: [],
      totals: { availability: null, downtimeSeconds: null, timeframeSeconds: null },
    });
  });
});

describe("aggregateLatency", () => {
  it("averages per point and overall, ignoring monitors without data", () => {
    const one = {
      precision: "daily" as const,
      points: [{ time: t(0), totalMs: 100, metric0Ms: 10 }],
      averages: { totalMs: 100, metric0Ms: 10 },
    };
    const two = {
      precision: "daily" as const,
      points: [{ time: t(0), totalMs: 300, metric0Ms: null }],
      averages: { totalMs: null, metric0Ms: null },
    };
    const out = aggregateLatency([one, two], "daily");
    expect(out.points).toEqual([{ time: t(0), totalMs: 200, metric0Ms: 10 }]);
    expect(out.averages).toEqual({ totalMs: 100, metric0Ms: 10 });
  });
});
