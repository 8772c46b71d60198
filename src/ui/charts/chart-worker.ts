import { serveWorkerJobs } from "../../lib/serve-worker-jobs";
import type { ChartJob } from "./chart-renderer";
import { loadEngines, renderChartPng } from "./render-chart-png";

/**
 * The chart worker's entry (chart-renderer.ts starts it; `npm run build` bundles it as dist/chart-worker.js):
 * ECharts and resvg load here, as the worker starts, and never in the bot's own heap.
 *
 * resvg's synchronous `render()`, not `renderAsync()`: this thread takes one chart at a time and has nothing
 * else to do meanwhile, while `renderAsync()` would rasterise on libuv's thread pool (4 threads), which the
 * bot's event loop shares for its DNS lookups and file reads: a burst of charts would queue ahead of them.
 */
// Loaded before the worker says it is ready: the first chart's timeout counts drawing only.
await loadEngines();
serveWorkerJobs((job: ChartJob) => renderChartPng(job.option, job.width, job.height));
