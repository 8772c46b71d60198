/**
 * One poller process for `npm run bench -- alerts` (bench/alerts.bench.ts starts one or three of these on
 * the same Redis): a PollWorker as the bot runs it (its own UptimeClient with retries off, the scheduler
 * on Redis), nothing else. It polls from start-up, counts what it does inside the measurement window
 * [MEASURE_FROM, MEASURE_FROM + MEASURE_MS] (epoch ms), then prints one JSON line and exits.
 *
 * Tokens are derived from the target's token owner (`UB<n>` -> `bench-token-<n>`), as the bench seeded
 * them, so that no token travels through the environment.
 *
 * Environment: REDIS_URL (or REDIS_CLUSTER_NODES), UPTIME_API_URL, KEY_PREFIX, POLL_INTERVAL_MS, MEASURE_FROM, MEASURE_MS,
 * CONCURRENCY (optional), HEAP_SNAPSHOT_DIR (optional: a heap snapshot at the end of the window).
 */
import { subscribe } from "node:diagnostics_channel";
import { PerformanceObserver } from "node:perf_hooks";
import { writeHeapSnapshot } from "node:v8";
import { PollWorker } from "../src/alerts/engine/poll/poll-worker";
import { POLL_DETECTORS } from "../src/alerts/kinds/registry";
import type { PollMetrics, PollOutcome } from "../src/alerts/metrics";
import { keyspace } from "../src/store/keys";
import { PollTargetStore } from "../src/store/poll-target-store";
import { createRedisClient, parseClusterNodes, type RedisClient } from "../src/store/redis-connection";
import { UptimeClient } from "../src/uptime";

export interface PollWorkerReport {
  pid: number;
  /** Polls finished inside the window, by outcome. */
  outcomes: Partial<Record<PollOutcome, number>>;
  polls: number;
  windowMs: number;
  /** CPU seconds (user + system) used inside the window. */
  cpuSeconds: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** API requests (undici) this process started inside the window: polls that read incidents make more. */
  apiRequests: number;
  /** Redis commands this process sent inside the window, by name (client side). */
  redisCommands: Record<string, number>;
  pollErrors: number;
  /** Garbage collections inside the window: young (scavenges) and the others, with the main thread's pause. */
  gc: { young: number; youngMs: number; major: number; majorMs: number };
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** Counts every command the connection sends (what INFO commandstats cannot tell apart from script calls). */
function countCommands(redis: RedisClient, counts: Map<string, number>, active: () => boolean): void {
  const target = redis as unknown as {
    sendCommand: (command: { name: string }, ...rest: unknown[]) => unknown;
  };
  const send = target.sendCommand.bind(redis);
  // Every argument passed on: the Cluster client's sendCommand takes a third (the node).
  target.sendCommand = (command, ...rest) => {
    if (active()) counts.set(command.name, (counts.get(command.name) ?? 0) + 1);
    return send(command, ...rest);
  };
}

async function main(): Promise<void> {
  const measureFrom = Number(env("MEASURE_FROM"));
  const measureMs = Number(env("MEASURE_MS"));
  const measureTo = measureFrom + measureMs;
  const inWindow = () => {
    const now = Date.now();
    return now >= measureFrom && now < measureTo;
  };

  const seeds = process.env.REDIS_CLUSTER_NODES;
  const redis = createRedisClient(
    seeds ? { clusterNodes: parseClusterNodes(seeds) } : { url: env("REDIS_URL") },
  );
  const commands = new Map<string, number>();
  countCommands(redis, commands, inWindow);
  const scheduler = new PollTargetStore({ redis, keys: keyspace(env("KEY_PREFIX")) });
  // As the bot's poller: the scheduler's backoff is the retry (src/bot/start-bot.ts).
  const client = new UptimeClient({ baseUrl: env("UPTIME_API_URL"), retry: { retries: 0 } });
  let apiRequests = 0;
  subscribe("undici:request:create", () => {
    if (inWindow()) apiRequests++;
  });
  const gc = { young: 0, youngMs: 0, major: 0, majorMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // By when the collection happened, not when it is reported (observers are told later).
      const at = performance.timeOrigin + entry.startTime;
      if (at < measureFrom || at >= measureTo) continue;
      // node:perf_hooks constants.NODE_PERFORMANCE_GC_MINOR is 1 (a scavenge).
      const young = (entry as { detail?: { kind?: number } }).detail?.kind === 1;
      if (young) {
        gc.young++;
        gc.youngMs += entry.duration;
      } else {
        gc.major++;
        gc.majorMs += entry.duration;
      }
    }
  }).observe({ entryTypes: ["gc"] });
  const outcomes: Partial<Record<PollOutcome, number>> = {};
  let pollErrors = 0;
  const metrics: PollMetrics = {
    poll(outcome) {
      if (inWindow()) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    },
    pollError() {
      if (inWindow()) pollErrors++;
    },
    alertEvent() {},
    leaseTakeover() {},
  };
  const worker = new PollWorker({
    scheduler,
    client,
    resolveToken: async (meta) => `bench-token-${meta.tokenRef.userId.slice(2)}`,
    detectors: POLL_DETECTORS,
    metrics,
    pollIntervalMs: Number(env("POLL_INTERVAL_MS")),
    ...(process.env.CONCURRENCY ? { concurrency: Number(process.env.CONCURRENCY) } : {}),
  });
  worker.start();

  await sleepUntil(measureFrom);
  const cpu0 = process.cpuUsage();
  await sleepUntil(measureTo);
  const cpu = process.cpuUsage(cpu0);
  const memory = process.memoryUsage();
  // HEAP_SNAPSHOT_DIR: a heap snapshot at the end of the window, to see what a poller's memory holds.
  if (process.env.HEAP_SNAPSHOT_DIR)
    writeHeapSnapshot(`${process.env.HEAP_SNAPSHOT_DIR}/poller-${process.pid}.heapsnapshot`);
  const report: PollWorkerReport = {
    pid: process.pid,
    outcomes,
    polls: Object.values(outcomes).reduce((a, b) => a + (b ?? 0), 0),
    windowMs: measureMs,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rssMb: memory.rss / 1024 / 1024,
    heapUsedMb: memory.heapUsed / 1024 / 1024,
    heapTotalMb: memory.heapTotal / 1024 / 1024,
    externalMb: memory.external / 1024 / 1024,
    apiRequests,
    redisCommands: Object.fromEntries(commands),
    pollErrors,
    gc,
  };
  await worker.stop();
  await client.close();
  redis.disconnect();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`poll-worker-process: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
