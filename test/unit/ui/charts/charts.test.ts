import { describe, expect, it } from "vitest";
import type { AvailabilityView } from "../../../../src/services/get-availability";
import type { LatencyView } from "../../../../src/services/get-latency";
import { chartImageBlock } from "../../../../src/ui/charts/chart-image-block";
import {
  availabilityChartOption,
  CHART_HEIGHT,
  CHART_WIDTH,
  chartAltText,
  latencyChartOption,
} from "../../../../src/ui/charts/chart-options";
import { renderChartPng } from "../../../../src/ui/charts/render-chart-png";
import { availabilityChart, latencyChart } from "../../../../src/ui/charts/stats-charts";
import { readPng } from "../../../support/png";

const HOUR = 3_600_000;
const START = Date.parse("2026-11-22T00:00:00Z");
const hourly = (values: (number | null)[]) =>
  values.map((value, i) => ({ time: new Date(START + i * HOUR), value }));

const day = Array.from({ length: 24 }, (_, i) => (i === 5 ? 92.5 : i === 9 ? null : 99.95));

describe("chart options (pure)", () => {
  it("labels both axes, names the subject and the period, and marks hours below the SLO red", () => {
    const option = availabilityChartOption({
      subject: "checkout API",
      precision: "hourly",
      points: hourly(day),
    });
    expect(option.title.text).toBe("Availability of checkout API, last 24 hours");
    expect(option.xAxis.name).toBe("Hour (UTC)");
    expect(option.yAxis.name).toBe("Availability (%)");
    expect(option.xAxis.data[0]).toBe("00:00");
    expect(option.xAxis.data[23]).toBe("23:00");
    const data = option.series[0]?.data ?? [];
    expect(data[5]).toMatchObject({ value: 92.5, itemStyle: { color: "#d73a49" } });
    expect(data[0]).toMatchObject({ value: 99.95, itemStyle: { color: "#2da44e" } });
    // A10: no data is a gap, not a zero.
    expect(data[9]).toBeNull();
    // The axis starts under the worst hour so that the dip is visible, and at most at 90.
    expect(option.yAxis.min).toBe(90);
  });

  it("daily points are labelled by UTC date, and latency is drawn as a line from 0 ms", () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      time: new Date(Date.parse("2026-10-24T00:00:00Z") + i * 24 * HOUR),
      value: 100 + i,
    }));
    const option = latencyChartOption({ subject: "Blog", precision: "daily", points: days });
    expect(option.xAxis.name).toBe("Day (UTC)");
    expect(option.xAxis.data[0]).toBe("10-24");
    expect(option.yAxis).toMatchObject({ name: "Response time (ms)", min: 0 });
    expect(option.series[0]).toMatchObject({ type: "line", connectNulls: false });
  });

  it("says in the alt text what the picture shows, or that there is no data", () => {
    expect(chartAltText("availability", { subject: "Blog", precision: "hourly", points: hourly(day) })).toBe(
      "Availability of Blog over the last 24 hours: lowest 92.5 %, highest 99.95 %.",
    );
    expect(chartAltText("latency", { subject: "Blog", precision: "daily", points: [] })).toBe(
      "No latency data for Blog over the last 30 days.",
    );
  });

  it("builds no chart from a view without a series", () => {
    const view = {
      subject: { kind: "team", id: "1", name: "Acme" },
      period: "24h",
      series: null,
      source: { kind: "api" },
    } as AvailabilityView;
    expect(availabilityChart(view)).toBeNull();
    expect(latencyChart({ ...view, series: null } as LatencyView)).toBeNull();
  });

  it("an image block names the file by id, with the alt text and a title", () => {
    expect(chartImageBlock("F0123456789", "alt", "title")).toEqual({
      type: "image",
      block_id: "chart.image",
      slack_file: { id: "F0123456789" },
      alt_text: "alt",
      title: { type: "plain_text", text: "title" },
    });
  });
});

describe("renderChartPng", () => {
  it("draws a PNG of the stated size with something on it", async () => {
    const view: AvailabilityView = {
      subject: { kind: "monitor", id: "7", name: "checkout API" },
      period: "24h",
      series: {
        precision: "hourly",
        points: hourly(day).map((p) => ({ time: p.time, availability: p.value, downtimeSeconds: 0 })),
        totals: { availability: 99.6, downtimeSeconds: 270, timeframeSeconds: 86_400 },
      },
      source: { kind: "api" },
    };
    const chart = availabilityChart(view);
    expect(chart?.filename).toBe("availability-checkout-api-24h.png");
    const { png, width, height } = await renderChartPng(chart!.option);
    expect({ width, height }).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    const info = readPng(png);
    expect({ width: info.width, height: info.height }).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    // Bars in two colours, axis text and grid lines: far from a blank picture.
    expect(info.colours).toBeGreaterThan(20);
    expect(info.inkShare).toBeGreaterThan(0.05);
  });

  it("the PNG reader can fail: a blank picture has one colour and no ink", async () => {
    const { png } = await renderChartPng({ backgroundColor: "#ffffff" }, 100, 50);
    const info = readPng(png);
    expect(info).toMatchObject({ width: 100, height: 50, colours: 1, inkShare: 0 });
    expect(() => readPng(Buffer.from("not a png"))).toThrow(/signature/);
  });
});
