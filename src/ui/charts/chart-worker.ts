import { serveWorkerJobs } from "../../lib/serve-worker-jobs";
import type { ChartJob } from "./chart-renderer";
import { loadEngines, renderChartPng } from "./render-chart-png";

/**
 * The chart worker's entry (chart-renderer.ts starts it; `npm run build` bundles it as dist/chart-worker.js):
 * ECharts and resvg load here, on the first chart, and never in the bot's own heap.
 */
// Loaded before the worker says it is ready: the first chart's timeout counts drawing only.
await loadEngines();
serveWorkerJobs((job: ChartJob) => renderChartPng(job.option, job.width, job.height));
