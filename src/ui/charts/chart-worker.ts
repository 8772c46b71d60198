import { serveWorkerJobs } from "../../lib/serve-worker-jobs";
import type { ChartJob, DrawnChart } from "./chart-renderer";
import { loadEngines, renderChartPng } from "./render-chart-png";

/**
 * The chart worker process's entry (chart-renderer.ts starts it; `npm run build` bundles it as
 * dist/chart-worker.js): ECharts and resvg load here, as the worker starts, and never in the bot's process.
 *
 * resvg's synchronous `render()`, not `renderAsync()`: this process takes one chart at a time and has nothing
 * else to do meanwhile, so handing the rasterising to libuv's thread pool would only add a hop.
 */
// Loaded before the worker says it is ready: the first chart's timeout counts drawing only.
await loadEngines();
serveWorkerJobs(async (job: ChartJob): Promise<Required<DrawnChart>> => {
  const t0 = performance.now();
  const drawn = await renderChartPng(job.option, job.width, job.height);
  return { ...drawn, drawMs: performance.now() - t0 };
});
