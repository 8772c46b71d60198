import type { AvailabilityStats, LatencyStats, Precision } from "../uptime";

/** What the availability answer shows, from the API or computed here. */
export type AvailabilitySeries = Pick<AvailabilityStats, "precision" | "points" | "totals">;
/** What the latency answer shows, from the API or computed here. */
export type LatencySeries = Pick<LatencyStats, "precision" | "points" | "averages">;

function mean(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
}

function sum(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
}

/** Points of several series lined up by time (A10: hourly and daily points fall on the same instants). */
function byTime<P extends { time: Date }>(series: readonly { points: readonly P[] }[]): [number, P[]][] {
  const slots = new Map<number, P[]>();
  for (const s of series) {
    for (const p of s.points) {
      const t = p.time.getTime();
      if (!Number.isFinite(t)) continue;
      const slot = slots.get(t);
      if (slot) slot.push(p);
      else slots.set(t, [p]);
    }
  }
  return [...slots.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * The team's availability computed from its monitors' series: per point and in total the mean percent of
 * the monitors with data (each monitor weighs the same), and the summed downtime of the monitors (so it
 * can exceed the period: two monitors down for an hour are two hours of monitor downtime). Nulls stay
 * gaps (A10). Pure.
 */
export function aggregateAvailability(
  series: readonly AvailabilitySeries[],
  precision: Precision,
): AvailabilitySeries {
  return {
    precision,
    points: byTime(series).map(([t, points]) => ({
      time: new Date(t),
      availability: mean(points.map((p) => p.availability)),
      downtimeSeconds: sum(points.map((p) => p.downtimeSeconds)),
    })),
    totals: {
      availability: mean(series.map((s) => s.totals.availability)),
      downtimeSeconds: sum(series.map((s) => s.totals.downtimeSeconds)),
      timeframeSeconds:
        series.find((s) => s.totals.timeframeSeconds !== null)?.totals.timeframeSeconds ?? null,
    },
  };
}

/** The team's latency computed from its monitors' series: per point and on average the mean of those with data. Pure. */
export function aggregateLatency(series: readonly LatencySeries[], precision: Precision): LatencySeries {
  return {
    precision,
    points: byTime(series).map(([t, points]) => ({
      time: new Date(t),
      totalMs: mean(points.map((p) => p.totalMs)),
      metric0Ms: mean(points.map((p) => p.metric0Ms)),
    })),
    averages: {
      totalMs: mean(series.map((s) => s.averages.totalMs)),
      metric0Ms: mean(series.map((s) => s.averages.metric0Ms)),
    },
  };
}
