import type { EChartsOption } from "echarts";
import { formatDurationMs, type SlowRule } from "../../../domain/slow-rule";
import type { StatsChart } from "../../../ui/charts/chart-options";
import { CHART_FONT } from "../../../ui/charts/chart-options";
import type { SlowSample } from "../../model";

/** Small: the picture sits in the alert, next to its numbers. */
export const SLOW_CHART_WIDTH = 480;
export const SLOW_CHART_HEIGHT = 200;

const AMBER = "#ECB22E";
const GREY = "#8d8d8d";

/** Pure: rendering is ui/charts/render-chart-png.ts. */
export function slowChart(input: {
  subject: string;
  rule: SlowRule;
  samples: readonly SlowSample[];
  alertId: string;
}): StatsChart {
  const threshold = formatDurationMs(input.rule.thresholdMs);
  const option: EChartsOption = {
    animation: false,
    backgroundColor: "#ffffff",
    textStyle: { fontFamily: CHART_FONT, fontSize: 11, color: "#1d1c1d" },
    title: {
      text: `Check times of ${input.subject} (threshold ${threshold})`,
      left: 8,
      top: 6,
      textStyle: { fontFamily: CHART_FONT, fontSize: 13, fontWeight: "normal", color: "#1d1c1d" },
    },
    grid: { left: 56, right: 16, top: 36, bottom: 40 },
    xAxis: {
      type: "category",
      data: input.samples.map((s) => `${new Date(s.at).toISOString().slice(11, 19)}\n${s.location}`),
      axisLabel: { fontFamily: CHART_FONT, fontSize: 9, hideOverlap: true },
    },
    yAxis: {
      type: "value",
      min: 0,
      name: "ms",
      axisLabel: { fontFamily: CHART_FONT },
      nameTextStyle: { fontFamily: CHART_FONT },
    },
    series: [
      {
        type: "bar",
        data: input.samples.map((s) => ({
          value: Math.round(s.ms),
          itemStyle: { color: s.ms > input.rule.thresholdMs ? AMBER : GREY },
        })),
        markLine: {
          silent: true,
          symbol: "none",
          lineStyle: { color: "#E01E5A", type: "dashed" },
          label: { formatter: threshold, fontFamily: CHART_FONT },
          data: [{ yAxis: input.rule.thresholdMs }],
        },
      },
    ],
  };
  const values = input.samples.map((s) => Math.round(s.ms));
  const altText = values.length
    ? `Check times of ${input.subject}: ${values.join(", ")} ms, threshold ${threshold}.`
    : `No checks of ${input.subject} yet.`;
  return {
    option,
    altText,
    title: `Check times of ${input.subject}`,
    filename: `slow-${input.alertId.replace(/[^a-z0-9-]+/gi, "-")}.png`,
  };
}
