// The bot's chart renderer (src/ui/charts/chart-renderer.ts): a real worker process draws the chart the
// answers show, and a burst past its queue is refused with a reason the answer can say in one sentence.
import { afterEach, describe, expect, it } from "vitest";
import { CHART_HEIGHT, CHART_WIDTH } from "../../../src/ui/charts/chart-options";
import { ChartRefused, type ChartRenderer, createChartRenderer } from "../../../src/ui/charts/chart-renderer";
import { chartSkippedText } from "../../../src/ui/charts/chart-skipped";
import { availabilityChart } from "../../../src/ui/charts/stats-charts";
import { readPng } from "../../support/png";

const chart = availabilityChart({
  subject: { kind: "monitor", id: "7", name: "checkout API" },
  period: "24h",
  series: {
    precision: "hourly",
    points: Array.from({ length: 24 }, (_, i) => ({
      time: new Date(Date.UTC(2026, 10, 27, i)),
      availability: i % 5 === 0 ? 98.5 : 100,
      downtimeSeconds: i % 5 === 0 ? 54 : 0,
    })),
    totals: { availability: 99.6, downtimeSeconds: 270, timeframeSeconds: 86_400 },
  },
  source: { kind: "api" },
})!;

let renderer: ChartRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
  renderer = undefined;
});

describe("createChartRenderer", () => {
  it("draws the chart in a worker process: a PNG of the chart's size with bars and text on it", async () => {
    renderer = createChartRenderer({ workers: 1 });
    const { png, width, height } = await renderer.render(chart.option);
    expect(Buffer.isBuffer(png)).toBe(true);
    expect({ width, height }).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    const info = readPng(png);
    expect({ width: info.width, height: info.height }).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    expect(info.colours).toBeGreaterThan(20);
    expect(renderer.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
  });

  it("refuses the charts past its queue as busy, which the answer says in one sentence", async () => {
    renderer = createChartRenderer({ workers: 1, maxQueue: 2, reservedForAlerts: 0 });
    await renderer.render(chart.option);
    const burst = await Promise.allSettled(Array.from({ length: 6 }, () => renderer!.render(chart.option)));
    const drawn = burst.filter((r) => r.status === "fulfilled");
    const refused = burst.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    // One drawing, two waiting; the other three refused at once.
    expect(drawn).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const error of refused) expect(error).toBeInstanceOf(ChartRefused);
    expect(refused.map((e) => (e as ChartRefused).reason)).toEqual(["busy", "busy", "busy"]);
    expect(chartSkippedText("busy")).toBe(
      "Chart skipped: the bot is drawing many charts right now. Ask again in a minute for the picture.",
    );
  });

  it("one person's burst: two of their charts at a time, the rest skipped in their own words; others still drawn", async () => {
    renderer = createChartRenderer({ workers: 1 });
    await renderer.render(chart.option);
    const alice = Array.from({ length: 10 }, () =>
      renderer!.render(chart.option, undefined, undefined, { person: "T1:U0ALICE" }),
    );
    const bob = renderer.render(chart.option, undefined, undefined, { person: "T1:U0BOB" });
    const slow = renderer.render(chart.option, undefined, undefined, { alert: true });
    const settled = await Promise.allSettled(alice);
    expect(settled.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const reasons = settled.flatMap((r) =>
      r.status === "rejected" ? [(r.reason as ChartRefused).reason] : [],
    );
    expect(reasons).toEqual(Array(8).fill("owner_busy"));
    expect(chartSkippedText("owner_busy")).toBe(
      "Chart skipped: your other charts are still being drawn. Ask again in a moment for this one.",
    );
    // Bob's answer and the slow alert's chart are drawn all the same.
    expect((await bob).width).toBe(CHART_WIDTH);
    expect((await slow).width).toBe(CHART_WIDTH);
    // Once hers are done, Alice may ask again.
    await renderer.render(chart.option, undefined, undefined, { person: "T1:U0ALICE" });
  });

  it("keeps places of the queue for alerts' charts: answers filling it never skip a slow alert's chart", async () => {
    renderer = createChartRenderer({ workers: 1, maxQueue: 4, reservedForAlerts: 2 });
    await renderer.render(chart.option);
    // Six people at once: one drawing, two waiting in the places answers may take, three skipped.
    const people = Array.from({ length: 6 }, (_, i) =>
      renderer!.render(chart.option, undefined, undefined, { person: `T1:U${i}` }),
    );
    const alerts = [1, 2].map(() => renderer!.render(chart.option, undefined, undefined, { alert: true }));
    const answers = await Promise.allSettled(people);
    expect(
      answers.map((r) => (r.status === "fulfilled" ? "drawn" : (r.reason as ChartRefused).reason)),
    ).toEqual(["drawn", "drawn", "drawn", "busy", "busy", "busy"]);
    const drawn = await Promise.all(alerts);
    expect(drawn.map((d) => d.width)).toEqual([CHART_WIDTH, CHART_WIDTH]);
  });

  it("closes: its worker ends and a chart asked for afterwards is refused as closed", async () => {
    renderer = createChartRenderer({ workers: 1 });
    await renderer.render(chart.option);
    await renderer.close();
    expect(renderer.stats().workers).toBe(0);
    await expect(renderer.render(chart.option)).rejects.toMatchObject({ reason: "closed" });
  });
});
