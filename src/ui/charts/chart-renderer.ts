import { availableParallelism } from "node:os";
import type { EChartsOption } from "echarts";
import type { Logger } from "../../lib/logger";
import { spawnModuleProcess } from "../../lib/spawn-module-process";
import { WorkerPool, type WorkerPoolStats, WorkRefused } from "../../lib/worker-pool";
import { CHART_HEIGHT, CHART_WIDTH } from "./chart-options";
import type { ChartPng } from "./render-chart-png";

/** One chart to draw, as the worker receives it (plain data: an ECharts option holds no functions here). */
export interface ChartJob {
  option: EChartsOption;
  width: number;
  height: number;
}

/** A chart as the worker drew it, with the time the drawing took there (the benches judge it). */
export interface DrawnChart extends ChartPng {
  /** Absent where a chart is drawn on the calling thread (a renderer given to alert delivery's tests). */
  drawMs?: number;
}

/**
 * Draws charts off the event loop: a chart's CPU on the bot's thread delayed every other person's
 * acknowledgement (docs/benchmarks.md). Charts go to a pool of worker processes (lib/worker-pool.ts,
 * lib/spawn-module-process.ts: a process's memory leaves with it, and it runs at a lower priority than the bot's
 * event loop); a chart the pool refuses
 * (queue full, too slow, the worker failed) rejects with WorkRefused, and the answer stands without it
 * (chart-skipped.ts says why). One per bot process: bot/start-bot.ts starts it and closes it in stop().
 */
/**
 * Whom a chart is for: a person (their key: at most `maxPerPerson` of their charts wait or draw at once) or
 * an alert (it may take the queue's places kept for alerts, so that people's answers never skip it).
 * Unsaid, a chart is neither (a scheduled digest).
 */
export type ChartFor = { person: string } | { alert: true };

export interface ChartRenderer {
  render(option: EChartsOption, width?: number, height?: number, chartFor?: ChartFor): Promise<DrawnChart>;
  stats(): WorkerPoolStats;
  close(): Promise<void>;
}

export interface ChartRendererOptions {
  /** Worker processes (default: one per core beyond the first, at most 2: the event loop keeps a core). */
  workers?: number;
  /** Charts waiting for a worker before the next one is refused (default 8: about 0.25 s of drawing each). */
  maxQueue?: number;
  /** Places of that queue kept for alerts' charts (default 2). */
  reservedForAlerts?: number;
  /** One person's charts waiting or drawing at once; one more is skipped (default 2). */
  maxPerPerson?: number;
  /**
   * How long a starting worker may take to say it is ready (its engines loaded) before it is ended and the
   * charts waiting for it skipped (default 30 s: a bundled worker is ready within a second or two, but one
   * started from source under tsx, at nice 10 on a busy machine, takes many seconds).
   */
  readyTimeoutMs?: number;
  /** Per chart on a worker (default 5 s: far above a chart's time, even on a loaded machine). */
  timeoutMs?: number;
  /** A worker whose heap passes this after a chart is replaced (default 64 MB, above what ECharts holds). */
  maxHeapMb?: number;
  /**
   * A worker whose RSS passes this after a chart is replaced (default 200 MB: above what a worker settles at after
   * a few hundred charts, bundled or under tsx; docs/benchmarks.md).
   */
  maxRssMb?: number;
  /** Charts before a worker is replaced anyway (default 500). */
  maxJobs?: number;
  idleMs?: number;
  logger?: Logger;
}

/**
 * Below the bot's own priority (0): on a busy machine the kernel runs acknowledgements and alerts first, and
 * a chart waits (its timeout still bounds the wait). Not 19: a chart should still come on a merely busy machine.
 */
const WORKER_NICE = 10;

const BUNDLED_WORKER = new URL("./chart-worker.js", import.meta.url);
const SOURCE_WORKER = new URL("./chart-worker.ts", import.meta.url);

export function createChartRenderer(options: ChartRendererOptions = {}): ChartRenderer {
  const pool = new WorkerPool<ChartJob, DrawnChart>({
    spawn: ({ maxOldGenerationSizeMb }) =>
      spawnModuleProcess(BUNDLED_WORKER, SOURCE_WORKER, { maxOldGenerationSizeMb, nice: WORKER_NICE }),
    size: options.workers ?? Math.min(2, Math.max(1, availableParallelism() - 1)),
    maxQueue: options.maxQueue ?? 8,
    reservedQueue: options.reservedForAlerts ?? 2,
    maxPerOwner: options.maxPerPerson ?? 2,
    readyTimeoutMs: options.readyTimeoutMs ?? 30_000,
    timeoutMs: options.timeoutMs ?? 5000,
    maxHeapMb: options.maxHeapMb ?? 64,
    maxRssMb: options.maxRssMb ?? 200,
    maxJobs: options.maxJobs ?? 500,
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    async render(option, width = CHART_WIDTH, height = CHART_HEIGHT, chartFor) {
      const ticket =
        chartFor === undefined ? {} : "person" in chartFor ? { owner: chartFor.person } : { reserved: true };
      const drawn = await pool.run({ option, width, height }, ticket);
      // The PNG crosses the IPC channel as a Uint8Array (advanced serialisation); a Buffer view of it, no copy.
      const png = Buffer.from(drawn.png.buffer, drawn.png.byteOffset, drawn.png.byteLength);
      return { png, width: drawn.width, height: drawn.height, drawMs: drawn.drawMs };
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

export { WorkRefused as ChartRefused };
