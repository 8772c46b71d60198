import type { EChartsOption } from "echarts";
import { utcFallback } from "../../../lib/format-time";
import {
  availabilityChartOption,
  type ChartInput,
  chartAltText,
  type StatsChart,
} from "../../../ui/charts/chart-options";
import type { DigestReport } from "../../model";
import { digestTitle } from "./render-digest";

export function digestChart(report: DigestReport): StatsChart | null {
  if (report.chart.points.length === 0) return null;
  const days = report.cadence === "daily" ? "24 hours" : "7 days";
  const input: ChartInput = {
    subject: report.team.name,
    precision: report.chart.precision,
    points: report.chart.points,
    period: `${days} to ${utcFallback(report.period.to)}`,
  };
  return {
    option: availabilityChartOption(input) as EChartsOption,
    altText: chartAltText("availability", input),
    title: `${digestTitle(report)}: availability of ${report.team.name}`,
    filename: `digest-${report.period.key.replace(/[^a-z0-9-]+/gi, "-")}.png`,
  };
}
