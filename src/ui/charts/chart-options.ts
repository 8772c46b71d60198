import type { EChartsOption } from "echarts";
import type { Precision } from "../../uptime/types";

/**
 * Pure chart specifications (ECharts options) for availability and latency answers. Rendering them to a
 * PNG is render-chart-png.ts; keeping the spec pure lets tests read labels and values without pixels.
 */

export interface ChartPoint {
  time: Date;
  value: number | null;
}

export interface ChartInput {
  /** E.g. "checkout API" or "group shop" or "Acme Production". */
  subject: string;
  precision: Precision;
  points: readonly ChartPoint[];
  /** What the points span, e.g. "the week to 24 Nov"; by default the last 24 hours or 30 days. */
  period?: string;
}

/** Slack shows a thumbnail about 360 px wide; opened, 720 px keeps every label legible. */
export const CHART_WIDTH = 720;
export const CHART_HEIGHT = 320;
export const CHART_FONT = "Roboto";

const RED = "#d73a49";
const GREEN = "#2da44e";
const BLUE = "#4f6bed";

// A10: hourly points are hours and daily points days, both at UTC boundaries.
function axisLabel(time: Date, precision: Precision): string {
  const iso = time.toISOString();
  return precision === "hourly" ? `${iso.slice(11, 13)}:00` : iso.slice(5, 10);
}

function periodWords(input: Pick<ChartInput, "precision" | "period">): string {
  if (input.period) return input.period;
  return input.precision === "hourly" ? "last 24 hours" : "last 30 days";
}

function base(input: ChartInput, title: string, yName: string) {
  return {
    animation: false,
    backgroundColor: "#ffffff",
    textStyle: { fontFamily: CHART_FONT, fontSize: 12, color: "#1d1c1d" },
    title: {
      text: title,
      left: 12,
      top: 8,
      textStyle: { fontFamily: CHART_FONT, fontSize: 15, fontWeight: "normal", color: "#1d1c1d" },
    },
    grid: { left: 64, right: 24, top: 48, bottom: 56 },
    xAxis: {
      type: "category",
      data: input.points.map((p) => axisLabel(p.time, input.precision)),
      name: input.precision === "hourly" ? "Hour (UTC)" : "Day (UTC)",
      nameLocation: "middle",
      nameGap: 32,
      axisLabel: { fontFamily: CHART_FONT, hideOverlap: true },
      nameTextStyle: { fontFamily: CHART_FONT },
    },
    yAxis: {
      type: "value",
      name: yName,
      nameLocation: "middle",
      nameGap: 46,
      axisLabel: { fontFamily: CHART_FONT },
      nameTextStyle: { fontFamily: CHART_FONT },
    },
  };
}

/**
 * Availability bars: red below `slo` percent, green above; the y axis starts a little under the worst
 * point so a 99.5 % hour is visibly lower than a 100 % one, but never above 90 (a real outage stays tall).
 */
export function availabilityChartOption(input: ChartInput, slo = 99.9) {
  const values = input.points.map((p) => p.value).filter((v): v is number => v !== null);
  const worst = values.length ? Math.min(...values) : 100;
  const min = Math.max(0, Math.min(90, Math.floor(worst / 5) * 5));
  const option = base(input, `Availability of ${input.subject}, ${periodWords(input)}`, "Availability (%)");
  return {
    ...option,
    yAxis: { ...option.yAxis, min, max: 100 },
    series: [
      {
        type: "bar",
        barCategoryGap: "20%",
        data: input.points.map((p) =>
          p.value === null
            ? null
            : { value: round(p.value), itemStyle: { color: p.value < slo ? RED : GREEN } },
        ),
      },
    ],
  };
}

/** Latency line in milliseconds; gaps where the service has no data (A10 null). */
export function latencyChartOption(input: ChartInput) {
  const option = base(
    input,
    `Response time of ${input.subject}, ${periodWords(input)}`,
    "Response time (ms)",
  );
  return {
    ...option,
    yAxis: { ...option.yAxis, min: 0 },
    series: [
      {
        type: "line",
        connectNulls: false,
        showSymbol: input.points.length <= 31,
        lineStyle: { color: BLUE, width: 2 },
        itemStyle: { color: BLUE },
        areaStyle: { color: "rgba(79,107,237,0.12)" },
        data: input.points.map((p) => (p.value === null ? null : Math.round(p.value))),
      },
    ],
  };
}

/** What a screen reader says for the image (Slack's image block `alt_text`). */
export function chartAltText(kind: "availability" | "latency", input: ChartInput): string {
  const values = input.points.map((p) => p.value).filter((v): v is number => v !== null);
  const period = periodWords(input);
  if (values.length === 0) return `No ${kind} data for ${input.subject} over the ${period}.`;
  const low = Math.min(...values);
  const high = Math.max(...values);
  return kind === "availability"
    ? `Availability of ${input.subject} over the ${period}: lowest ${round(low)} %, highest ${round(high)} %.`
    : `Response time of ${input.subject} over the ${period}: ${Math.round(low)} to ${Math.round(high)} ms.`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A chart ready to render and upload: the spec, what a screen reader says, the title and a file name. */
export interface StatsChart {
  option: EChartsOption;
  altText: string;
  title: string;
  filename: string;
}
