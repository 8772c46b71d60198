import type { EChartsOption } from "echarts";
import type { AvailabilityView } from "../../services/get-availability";
import type { LatencyView } from "../../services/get-latency";
import type { StatsSubject } from "../../services/stats-target";
import {
  availabilityChartOption,
  type ChartInput,
  chartAltText,
  latencyChartOption,
  type StatsChart,
} from "./chart-options";

export type { StatsChart };

function subjectName(subject: StatsSubject): string {
  return subject.kind === "group" ? `group ${subject.name}` : subject.name;
}

function fileSlug(subject: StatsSubject): string {
  const slug = subjectName(subject)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return slug || subject.kind;
}

type StatsView = Pick<AvailabilityView, "subject" | "period">;

/** One chart from a view's points: the kind decides the spec, the words and the file name. */
function statsChart(
  kind: "availability" | "latency",
  view: StatsView,
  series: { precision: ChartInput["precision"]; points: ChartInput["points"] } | null,
): StatsChart | null {
  if (!series || series.points.length === 0) return null;
  const input: ChartInput = { subject: subjectName(view.subject), ...series };
  const option = kind === "availability" ? availabilityChartOption(input) : latencyChartOption(input);
  const words = kind === "availability" ? "Availability" : "Response time";
  return {
    option: option as EChartsOption,
    altText: chartAltText(kind, input),
    title: `${words} of ${input.subject} (${view.period})`,
    filename: `${kind}-${fileSlug(view.subject)}-${view.period}.png`,
  };
}

/** The availability answer's chart; null when the service sent no series (nothing to draw). */
export function availabilityChart(view: AvailabilityView): StatsChart | null {
  const series = view.series && {
    precision: view.series.precision,
    points: view.series.points.map((p) => ({ time: p.time, value: p.availability })),
  };
  return statsChart("availability", view, series);
}

/** The latency answer's chart (total response time); null when the service sent no series. */
export function latencyChart(view: LatencyView): StatsChart | null {
  const series = view.series && {
    precision: view.series.precision,
    points: view.series.points.map((p) => ({ time: p.time, value: p.totalMs })),
  };
  return statsChart("latency", view, series);
}

/** Monitor details show the last 24 hours of availability, from the series the details already read. */
export function monitorDetailsChart(monitor: {
  id: string;
  name: string;
  availabilityHourly?: AvailabilityView["series"] | undefined;
}): StatsChart | null {
  return availabilityChart({
    subject: { kind: "monitor", id: monitor.id, name: monitor.name },
    period: "24h",
    series: monitor.availabilityHourly ?? null,
    source: { kind: "api" },
  });
}
