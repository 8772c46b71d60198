/**
 * `npm run bench -- charts`: the time, CPU and memory a chart costs, against the API calls the same answer
 * makes (`/uptime availability Blog` and `/uptime latency Blog 30d`: find the monitor by name, then read it
 * with its series). Judged: the chart's p99 render time is at most the API calls' p99, so that a picture
 * never doubles an answer's wait. The API runs in its own process with a remote API's latency
 * (`--latency-ms`, as in the alerts bench); the same calls with no latency are printed, not judged.
 *
 * Charts are drawn on the bot's chart worker process (src/ui/charts/chart-renderer.ts, issue 36):
 * `chart-render-p99` is the drawing's time on the worker against the renderer before the worker (on this
 * thread), the two drawn in turn in the same run (the issue's 31.5 ms was that renderer's p99 on its day), the
 * round trip (what an answer waits for) printed beside it; `chart-vs-api` sets the round trip against the
 * API calls. Then the bot
 * itself under chart load (bench/charts-load.ts): `ack-under-charts` and `bot-rss-after-charts`.
 * BENCH_CHARTS=render or =load runs one of the two parts.
 */

import { type ChartRenderer, createChartRenderer } from "../src/ui/charts/chart-renderer";
import { renderChartPng } from "../src/ui/charts/render-chart-png";
import { availabilityChart, latencyChart, type StatsChart } from "../src/ui/charts/stats-charts";
import { UptimeClient } from "../src/uptime";
import type { Monitor } from "../src/uptime/types";
import { chartsLoadBench } from "./charts-load";
import { fmt, goalLine, machineLine, percentile } from "./measure";
import { startSimulatorProcess } from "./processes";

const TOKEN = "demo-owner-token";
const API_LATENCY_MS = 50;
const WARMUP = 30;
const RENDERS = 200;
/** Draws in a row of one series before the next series' turn (timeRenders). */
const BLOCK = 10;
const ANSWERS = 100;

async function answerCalls(
  api: ReturnType<UptimeClient["as"]>,
  include: "availability-hourly" | "latency-daily",
) {
  // What resolveMonitor does for a name: the filtered list (A9), then the monitor with its series (A11).
  const list = await api.teams.monitors("1", { filter: { name: "Blog" } });
  const id = list.items[0]?.id;
  if (!id) throw new Error("the demo seed has no monitor named Blog");
  return api.monitors.get(id, { include: [include] });
}

async function timeApi(url: string, include: "availability-hourly" | "latency-daily") {
  const client = new UptimeClient({ baseUrl: url });
  const api = client.as(TOKEN);
  const times: number[] = [];
  let monitor: Monitor | undefined;
  for (let i = 0; i < ANSWERS; i++) {
    const t0 = performance.now();
    monitor = await answerCalls(api, include);
    times.push(performance.now() - t0);
  }
  await client.close();
  return { times: times.sort((a, b) => a - b), monitor: monitor! };
}

/**
 * Through the worker, one chart at a time (the round trip an answer waits for, and the drawing's time the
 * worker reports), in turn with the same chart drawn twice on this thread (the renderer before issue 36, the
 * limit, as two series A and B): the three in a rotating order, so that whatever else the machine does
 * meanwhile, and each place in the turn, falls on all three. A and B are the same renderer: how far their p99s
 * differ is how finely this run can tell two renderers apart.
 *
 * In blocks of BLOCK draws, each block back to back, as the 31.5 ms was measured (200 draws in a row
 * on the thread). Drawn one at a time in turn, the worker drew every chart after 20 to 30 ms idle and the
 * thread two of three right after another, and a drawing after an idle moment is about 10 % slower wherever
 * it runs (2026-11-28, 17:15: the thread's p50 9.1 ms back to back, 10.1 ms after 25 ms asleep; the
 * worker's 9.8 and 11.1 ms): the old turn judged a cold worker against a mostly warm thread.
 */
async function timeRenders(renderer: ChartRenderer, chart: StatsChart) {
  for (let i = 0; i < WARMUP; i++) {
    await renderer.render(chart.option);
    await renderChartPng(chart.option);
  }
  let cpuMs = 0;
  const times: number[] = [];
  const draws: number[] = [];
  const threadA: number[] = [];
  const threadB: number[] = [];
  let bytes = 0;
  const onWorker = async () => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const drawn = await renderer.render(chart.option);
    times.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    cpuMs += (cpu.user + cpu.system) / 1000;
    bytes = drawn.png.length;
    draws.push(drawn.drawMs ?? Number.NaN);
  };
  const onThread = (into: number[]) => async () => {
    const t0 = performance.now();
    await renderChartPng(chart.option);
    into.push(performance.now() - t0);
  };
  const turn = [onWorker, onThread(threadA), onThread(threadB)];
  for (let block = 0; block < RENDERS / BLOCK; block++) {
    for (let k = 0; k < turn.length; k++) {
      const draw = turn[(block + k) % turn.length]!;
      for (let i = 0; i < BLOCK; i++) await draw();
    }
  }
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return {
    times: sorted(times),
    draws: sorted(draws),
    threadA: sorted(threadA),
    threadB: sorted(threadB),
    inThread: sorted([...threadA, ...threadB]),
    cpuMsPerChart: cpuMs / RENDERS,
    bytes,
  };
}

export default async function chartsBench(): Promise<void> {
  console.log(machineLine());
  const part = process.env.BENCH_CHARTS;
  if (part !== "load") await renderBench();
  if (part !== "render") await chartsLoadBench();
}

async function renderBench(): Promise<void> {
  // One worker, as on a 2-core replica (the default there); this process's RSS includes it.
  const renderer = createChartRenderer({ workers: 1 });
  const remote = await startSimulatorProcess({ seed: "demo", latencyMs: API_LATENCY_MS });
  const local = await startSimulatorProcess({ seed: "demo" });
  try {
    const kinds = [
      { name: "availability 24h", include: "availability-hourly" as const, chart: availabilityChartOf },
      { name: "latency 30d", include: "latency-daily" as const, chart: latencyChartOf },
    ];
    let worstRatio = 0;
    let worst = "";
    let worstDrawExcess = Number.NEGATIVE_INFINITY;
    let worstDraw = "";
    for (const kind of kinds) {
      const api = await timeApi(remote.url, kind.include);
      const noLatency = await timeApi(local.url, kind.include);
      const chart = kind.chart(api.monitor);
      const renders = await timeRenders(renderer, chart);
      const { inThread } = renders;
      const apiP99 = percentile(api.times, 99);
      const renderP99 = percentile(renders.times, 99);
      const drawP99 = percentile(renders.draws, 99);
      console.log(
        `\n${kind.name} of Blog (${ANSWERS} answers' API calls; ${RENDERS} renders after ${WARMUP} warm-up, on the worker and twice on this thread in turn, ${BLOCK} in a row each):`,
      );
      console.log(
        `  chart drawn on the worker    p50 ${fmt(percentile(renders.draws, 50), 1)} ms  p99 ${fmt(drawP99, 1)} ms`,
      );
      console.log(
        `  round trip to the worker     p50 ${fmt(percentile(renders.times, 50), 1)} ms  p99 ${fmt(renderP99, 1)} ms; this process's CPU ${fmt(renders.cpuMsPerChart, 1)} ms per chart; PNG ${fmt(renders.bytes / 1024, 1)} KiB`,
      );
      console.log(
        `  drawn on this thread (the renderer before the worker, the limit; A and B) p50 ${fmt(percentile(inThread, 50), 1)} ms  p99 ${fmt(percentile(inThread, 99), 1)} ms`,
      );
      // The worker against the thread (A and B together), and the thread's two series against each other.
      const threadP99 = percentile(inThread, 99);
      const drawRatio = drawP99 / threadP99;
      const [a99, b99] = [percentile(renders.threadA, 99), percentile(renders.threadB, 99)];
      const spread = Math.max(a99, b99) / Math.min(a99, b99);
      console.log(
        `  the same renderer twice on this thread: series A p99 ${fmt(a99, 1)} ms, series B p99 ${fmt(b99, 1)} ms: this run tells p99s apart to ${fmt(spread, 2)} x`,
      );
      if (drawRatio - spread > worstDrawExcess) {
        worstDrawExcess = drawRatio - spread;
        worstDraw = `${kind.name}: ${fmt(drawRatio, 2)} x, ${fmt(drawP99, 1)} ms on the worker / ${fmt(threadP99, 1)} ms on this thread (round trip ${fmt(renderP99, 1)} ms); the thread against itself ${fmt(spread, 2)} x`;
      }
      console.log(
        `  API calls      p50 ${fmt(percentile(api.times, 50), 1)} ms  p99 ${fmt(apiP99, 1)} ms (API latency ${API_LATENCY_MS} ms per request, 2 requests)`,
      );
      console.log(
        `  not judged: the same calls with no API latency p50 ${fmt(percentile(noLatency.times, 50), 1)} ms  p99 ${fmt(percentile(noLatency.times, 99), 1)} ms`,
      );
      const ratio = renderP99 / apiP99;
      if (ratio > worstRatio) {
        worstRatio = ratio;
        worst = `${kind.name}: render p99 ${fmt(renderP99, 1)} ms vs API p99 ${fmt(apiP99, 1)} ms`;
      }
    }
    console.log(
      `\ngoal chart-vs-api: ${fmt(worstRatio, 2)} x, worst ${worst} (<= 1.00) ${worstRatio <= 1 ? "PASS" : "FAIL"}`,
    );
    // The "unchanged or better against today": the renderer before the worker, timed in this run on this
    // machine (its p99 was 31.5 ms on the day the issue was filed; 41 to 48 ms on 2026-11-28 09:50). "Unchanged"
    // is judged to this run's own resolution: the worker's p99 over the thread's is no further above 1 than the
    // thread's two series are from each other (a p99 of 200 draws is their second slowest: two series of the
    // same renderer differed by 1.00 to 1.19 x on 2026-11-28, while the worker was 1.15 to 1.50 x).
    console.log(
      goalLine(
        "chart-render-p99",
        `worst ${worstDraw}`,
        "worker / thread <= the thread / itself, same run",
        worstDrawExcess <= 0,
      ),
    );
  } finally {
    await renderer.close();
    await Promise.all([remote.child.stop(), local.child.stop()]);
  }
}

function availabilityChartOf(monitor: Monitor): StatsChart {
  const chart = availabilityChart({
    subject: { kind: "monitor", id: monitor.id, name: monitor.name },
    period: "24h",
    series: monitor.availabilityHourly ?? null,
    source: { kind: "api" },
  });
  if (!chart) throw new Error("the monitor has no hourly availability series");
  return chart;
}

function latencyChartOf(monitor: Monitor): StatsChart {
  const chart = latencyChart({
    subject: { kind: "monitor", id: monitor.id, name: monitor.name },
    period: "30d",
    series: monitor.latencyDaily ?? null,
    source: { kind: "api" },
  });
  if (!chart) throw new Error("the monitor has no daily latency series");
  return chart;
}
