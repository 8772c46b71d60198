/**
 * `npx tsx bench/pollers-ab.ts <other poll-worker-process.js> [--latency-ms 50] [--rounds 3]`: this tree's
 * compiled poller and another build's, side by side in the same window, on one simulator (5,000 quiet
 * teams) and one private Redis, each on its own key prefix: CPU per poll of each, round by round.
 *
 * Run one after the other, two builds of the poller differ by less than the alerts bench's run-to-run noise
 * (the raw loop alone swings by a fifth); run together, they share whatever the machine does meanwhile
 * (issue 13). The other build comes from a worktree, e.g.:
 *   git worktree add ../old <ref> && ln -s "$PWD/node_modules" ../old/
 *   (cd ../old && BENCH_ALERTS_QUICK=1 npm run bench -- alerts)   # writes its test-output/bench-dist
 *   npx tsx bench/pollers-ab.ts ../old/test-output/bench-dist/poll-worker-process.js
 * Not judged: the alerts bench is where the goals are.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Redis } from "ioredis";
import { startPrivateRedis } from "../dev/local-redis";
import { compiledRuntime } from "./compiled";
import { fmt } from "./measure";
import { runPollWorker } from "./poll-worker-child";
import { startSimulatorProcess } from "./processes";
import { addQuietPollTargets, seedQuietTeams } from "./quiet-teams";

const TEAMS = 5_000;
const CONCURRENCY = 32;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
}

const other = process.argv[2];
if (!other || other.startsWith("--") || !existsSync(other)) {
  console.error(
    "usage: npx tsx bench/pollers-ab.ts <other poll-worker-process.js> [--latency-ms N] [--rounds N]",
  );
  process.exit(2);
}
const latencyMs = option("--latency-ms", 0);
const rounds = option("--rounds", 3);
// As in the alerts bench: due far more often than polled, warmed up, and latency-bound a window that
// holds each team's 30 s incident refresh once.
const intervalMs = latencyMs > 0 ? 1_000 : 200;
const warmupMs = latencyMs > 0 ? 30_000 : 15_000;
const windowMs = latencyMs > 0 ? 40_000 : 10_000;

const sim = await startSimulatorProcess({ seed: "empty", latencyMs });
const privateRedis = await startPrivateRedis();
const redis = new Redis(privateRedis.url);
try {
  const teams = await seedQuietTeams(sim.url, TEAMS);
  const { pollWorker, nodeFlags } = await compiledRuntime();
  const sides = { "this tree": pollWorker, other: resolve(other) };
  console.log(
    `${TEAMS} quiet teams, API latency ${latencyMs} ms, concurrency ${CONCURRENCY}, ${windowMs / 1000} s windows; node ${nodeFlags.join(" ")}`,
  );
  for (let round = 1; round <= rounds; round++) {
    const measureFrom = Date.now() + warmupMs;
    const runs = Object.entries(sides).map(async ([side, file], i) => {
      const prefix = `ab:${round}:${i}:`;
      await addQuietPollTargets(redis, prefix, teams);
      const report = await runPollWorker(file, nodeFlags, {
        REDIS_URL: privateRedis.url,
        UPTIME_API_URL: sim.url,
        KEY_PREFIX: prefix,
        MEASURE_FROM: String(measureFrom),
        MEASURE_MS: String(windowMs),
        POLL_INTERVAL_MS: String(intervalMs),
        CONCURRENCY: String(CONCURRENCY),
      });
      return { side, report };
    });
    for (const { side, report } of await Promise.all(runs)) {
      const perPoll = (report.cpuSeconds * 1e6) / Math.max(1, report.polls);
      console.log(
        `round ${round} ${side.padEnd(9)}: ${fmt(report.polls / (windowMs / 1000))} polls/s, ${fmt(perPoll, 1)} µs of CPU per poll, ${fmt(report.apiRequests / Math.max(1, report.polls), 2)} GETs per poll`,
      );
    }
  }
} finally {
  redis.disconnect();
  await sim.child.stop();
  await privateRedis.stop();
}
