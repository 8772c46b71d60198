/**
 * Numbers and text bars of availability and latency series (A10), shared by the monitor details and the
 * statistics answers. A text bar is drawn only where no chart can be (the alert's Details: one
 * picture), and never in inline code: Slack draws inline code in red, and 100 % would read as an alarm.
 */
import { formatDuration } from "../lib/format-time";
import { sparkline } from "../lib/sparkline";
import type { AvailabilitySeries, LatencySeries } from "../services/aggregate-stats";

/** "99.953%", "100%"; "no data" for null (A10). */
export function percent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "no data";
  return `${Number(value.toFixed(3))}%`;
}

/** "123 ms"; "no data" for null. */
export function millis(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "no data";
  return `${Math.round(value)} ms`;
}

/**
 * One bar per point. Availability is drawn from min(90 %, lowest) to 100 %: on a 0-100 scale a 95 % hour
 * (3 minutes down) would look like a full bar. Nulls are gaps (`·`, A10).
 */
export function availabilitySparkline(series: AvailabilitySeries): string {
  const values = series.points.map((p) => p.availability);
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const lowest = present.length ? Math.min(...present) : 0;
  return sparkline(values, { min: Math.min(90, lowest), max: 100 });
}

/** One bar per point between the fastest and slowest point (TotalDuration, A10); nulls are gaps. */
export function latencySparkline(series: LatencySeries): string {
  return sparkline(series.points.map((p) => p.totalMs));
}

/** Whether a line carries its text bar: not when a chart of the same answer shows the series. */
export interface LineOptions {
  bar: boolean;
}

/** "▇▇█▁██ 99.95% · downtime 4m 12s"; without the bar "99.95% · downtime 4m 12s". */
export function availabilityLine(
  series: AvailabilitySeries | null | undefined,
  { bar }: LineOptions = { bar: true },
): string {
  if (!series || series.points.length === 0) return "no data yet";
  const downtime = series.totals.downtimeSeconds;
  const down = downtime === null ? "" : ` · downtime ${formatDuration(downtime)}`;
  return `${bar ? `${availabilitySparkline(series)} ` : ""}${percent(series.totals.availability)}${down}`;
}

/** "▂▃▅▂▁ avg 123 ms (fastest 80 ms, slowest 300 ms)"; without the bar from "avg". */
export function latencyLine(
  series: LatencySeries | null | undefined,
  { bar }: LineOptions = { bar: true },
): string {
  if (!series || series.points.length === 0) return "no data yet";
  const values = series.points
    .map((p) => p.totalMs)
    .filter((v): v is number => v !== null && Number.isFinite(v));
  const range = values.length
    ? ` (fastest ${millis(Math.min(...values))}, slowest ${millis(Math.max(...values))})`
    : "";
  return `${bar ? `${latencySparkline(series)} ` : ""}avg ${millis(series.averages.totalMs)}${range}`;
}
