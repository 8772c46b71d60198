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
 * worker reports), against the same chart drawn on this thread (the renderer before issue 36, the limit).
 * Each is drawn as two series, worker 1 and 2, thread A and B, of RENDERS draws each, in blocks of BLOCK
 * draws in the turn worker 1, A, worker 2, B: whatever else the machine does meanwhile falls on both, and
 * every block of either follows a block of the other. A and B are the same renderer: how far their p99s
 * differ is how finely this run can tell two renderers apart. The worker's 2 x RENDERS drawings are judged
 * against the thread's 2 x RENDERS, so that both p99s are read at the same rank.
 *
 * In blocks of draws back to back, as the 31.5 ms was measured (200 draws in a row on the thread).
 * Drawn one at a time in turn, the worker drew every chart after 20 to 30 ms idle and the thread two of three
 * right after another, and a drawing after an idle moment is about 10 % slower wherever it runs (2026-11-28,
 * 17:15: the thread's p50 9.1 ms back to back, 10.1 ms after 25 ms asleep; the worker's 9.8 and 11.1 ms).
 *
 * Each block starts with one drawing timed apart (`afterSwitch`, printed, not judged): the first drawing after
 * the other process drew charts is up to 2.5 x slower, on the worker more than on this thread (2026-11-28,
 * 19:58, p50 18.6 ms: the worker's first drawing after this thread drew 10 charts 31 to 48 ms; after 190 ms
 * asleep, or after this thread spun for 190 ms, no slower; after it churned 8 MB buffers 1.5 x). `--trace-gc`
 * in the worker put no collection of its own in most of those drawings, and the worker at nice 0 was no
 * better: what this process's drawing leaves behind (its background threads, the caches) slows the next
 * drawing elsewhere; the cause was not pinned down further. In the bot that does not happen after a chart:
 * its thread draws none.
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
  const afterSwitch = { worker: [] as number[], thread: [] as number[] };
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
  const settleWorker = async () => {
    const drawn = await renderer.render(chart.option);
    afterSwitch.worker.push(drawn.drawMs ?? Number.NaN);
  };
  const settleThread = async () => {
    const t0 = performance.now();
    await renderChartPng(chart.option);
    afterSwitch.thread.push(performance.now() - t0);
  };
  const worker = { settle: settleWorker, draw: onWorker };
  const turn = [
    worker,
    { settle: settleThread, draw: onThread(threadA) },
    worker,
    { settle: settleThread, draw: onThread(threadB) },
  ];
  for (let round = 0; round < RENDERS / BLOCK; round++) {
    for (const series of turn) {
      await series.settle();
      for (let i = 0; i < BLOCK; i++) await series.draw();
    }
  }
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  return {
    times: sorted(times),
    draws: sorted(draws),
    threadA: sorted(threadA),
    threadB: sorted(threadB),
    inThread: sorted([...threadA, ...threadB]),
    afterSwitch: { worker: sorted(afterSwitch.worker), thread: sorted(afterSwitch.thread) },
    cpuMsPerChart: cpuMs / draws.length,
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
  // One worker, as on a 2-core replica (the default there); this process's RSS includes it. Not replaced
  // during the run (the pool's default retires a worker after 500 charts; this part draws about 940): a fresh
  // worker's first drawing took 66 to 74 ms and its next dozen 20 to 45 % longer than a warm one's
  // (2026-11-28, 20:05), so a replacement inside a series put those into its p99 alone. What a fresh worker
  // costs is a start-up cost, not the renderer's drawing time.
  const renderer = createChartRenderer({ workers: 1, maxJobs: 10_000 });
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
        `\n${kind.name} of Blog (${ANSWERS} answers' API calls; ${RENDERS} renders a series after ${WARMUP} warm-up, two on the worker and two on this thread in turn, ${BLOCK} in a row each after one timed apart):`,
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
      const { afterSwitch } = renders;
      console.log(
        `  not judged, each block's first drawing (after the other process drew): worker p50 ${fmt(percentile(afterSwitch.worker, 50), 1)} ms max ${fmt(afterSwitch.worker.at(-1) ?? Number.NaN, 1)} ms (${afterSwitch.worker.length}), this thread p50 ${fmt(percentile(afterSwitch.thread, 50), 1)} ms max ${fmt(afterSwitch.thread.at(-1) ?? Number.NaN, 1)} ms (${afterSwitch.thread.length})`,
      );
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
