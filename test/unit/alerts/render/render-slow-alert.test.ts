import { describe, expect, it } from "vitest";
import { ALERT_COLORS } from "../../../../src/alerts/engine/alert-parts";
import {
  renderSlowAlert,
  type SlowAlertInput,
  sampleList,
  seconds,
} from "../../../../src/alerts/kinds/slow/render-slow-alert";
import { slowChart } from "../../../../src/alerts/kinds/slow/slow-chart";
import type { AlertMonitor, SlowSample } from "../../../../src/alerts/model";
import { renderChartPng } from "../../../../src/ui/charts/render-chart-png";
import type { WebLinks } from "../../../../src/ui/web-links";
import { checkBlockKitLimits } from "../../../support/block-kit-limits";

const SINCE = Date.parse("2026-03-02T10:04:00Z");
const monitor: AlertMonitor = {
  id: "77",
  name: "Checkout <API>",
  target: "https://shop.example.com/health",
  group: "shop",
};
const samples: SlowSample[] = [
  { at: SINCE, ms: 2410, location: "nyc" },
  { at: SINCE + 60_000, ms: 2630, location: "lon" },
  { at: SINCE + 120_000, ms: 3105, location: "fra" },
];

function input(overrides: Partial<SlowAlertInput> = {}): SlowAlertInput {
  return {
    monitorId: "77",
    monitor,
    rule: { thresholdMs: 2000, checks: 3 },
    since: SINCE,
    samples,
    phase: "slow",
    ...overrides,
  };
}

const blocksOf = (rendered: ReturnType<typeof renderSlowAlert>) => rendered.attachments?.[0]?.blocks ?? [];
const limitsOf = (rendered: ReturnType<typeof renderSlowAlert>) => [
  ...checkBlockKitLimits("message", { text: rendered.text }),
  ...(rendered.attachments ?? []).flatMap((a) => checkBlockKitLimits("message", { blocks: a.blocks })),
];

describe("renderSlowAlert (issue 37)", () => {
  it("is amber while slow and says how slow, newest check first, with no button and no ping", () => {
    const rendered = renderSlowAlert(input());
    expect(rendered.text).toBe(
      "🟠 Checkout &lt;API&gt; is slow: 3 checks in a row took over 2s, the latest took 3.10 s",
    );
    expect(rendered.attachments?.[0]?.color).toBe(ALERT_COLORS.acknowledged);
    const json = JSON.stringify(blocksOf(rendered));
    expect(json).toContain("3.10 s (fra), 2.63 s (lon), 2.41 s (nyc)");
    expect(json).toContain("https://shop.example.com/health");
    expect(json).toContain(`<!date^${SINCE / 1000}^`);
    expect(json).toContain("over 2s, 3 in a row");
    expect(json).toContain("2.41 s to 3.10 s");
    expect(json).not.toMatch(/"type":"actions"|<!here>|<!channel>|subteam/);
    expect(blocksOf(rendered).some((b) => b.type === "image")).toBe(false);
    expect(limitsOf(rendered)).toEqual([]);
  });

  it("turns green once fast again, keeping the durations and the chart", () => {
    const chart = { fileId: "F0CHART123", altText: "Check times of Checkout API", title: "Check times" };
    const rendered = renderSlowAlert(input({ phase: "fast", chart }));
    expect(rendered.text).toBe("✅ Checkout &lt;API&gt; is fast again: 3 checks in a row took 2s or less");
    expect(rendered.attachments?.[0]?.color).toBe(ALERT_COLORS.resolved);
    const image = blocksOf(rendered).find((b) => b.type === "image");
    expect(image).toMatchObject({ slack_file: { id: "F0CHART123" }, alt_text: chart.altText });
    expect(limitsOf(rendered)).toEqual([]);
  });

  it("names a monitor it could not read by id, and links it when UPTIME_WEB_URL is set", () => {
    const links: WebLinks = {
      baseUrl: "https://uptime.example.com",
      monitorPath: "/monitors/{id}",
      incidentPath: "/incidents/{id}",
    };
    const rendered = renderSlowAlert(input({ monitor: null, links }));
    expect(rendered.text).toMatch(/^🟠 Monitor 77 is slow/);
    expect(rendered.text).not.toContain("https://");
    expect(JSON.stringify(blocksOf(rendered))).toContain(
      "<https://uptime.example.com/monitors/77|Monitor 77>",
    );
  });

  it("writes durations as a reader reads them", () => {
    expect(seconds(850)).toBe("850 ms");
    expect(seconds(2000)).toBe("2.00 s");
    expect(sampleList([])).toBe("none yet");
    const many = Array.from({ length: 10 }, (_, i) => ({ at: i, ms: 1000 + i, location: `l${i}` }));
    expect(sampleList(many).split(", ")).toHaveLength(6);
    expect(sampleList(many).startsWith("1.01 s (l9)")).toBe(true);
  });
});

describe("slowChart", () => {
  const chart = slowChart({
    subject: "Checkout API",
    rule: { thresholdMs: 2000, checks: 3 },
    samples,
    alertId: "2000-3-77-1",
  });

  it("draws one bar per check, amber above the threshold, and the threshold as a line", () => {
    const series = (
      chart.option.series as {
        data: { value: number; itemStyle: { color: string } }[];
        markLine: { data: { yAxis: number }[] };
      }[]
    )[0]!;
    expect(series.data.map((d) => d.value)).toEqual([2410, 2630, 3105]);
    expect(new Set(series.data.map((d) => d.itemStyle.color)).size).toBe(1);
    expect(series.markLine.data).toEqual([{ yAxis: 2000 }]);
    expect((chart.option.xAxis as { data: string[] }).data[0]).toBe("10:04:00\nnyc");
    expect(chart.altText).toBe("Check times of Checkout API: 2410, 2630, 3105 ms, threshold 2s.");
    expect(chart.filename).toBe("slow-2000-3-77-1.png");
  });

  it("renders to a small PNG", async () => {
    const png = await renderChartPng(chart.option, 480, 200);
    expect(png.png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.width, png.height]).toEqual([480, 200]);
  });
});
