/**
 * `npm run bench -- scale` (issue 12, section 3, Redis part): 50,000 subscribed teams (`SCALE_TEAMS`), each a
 * channel subscription and its poll target as `/uptime subscribe` writes them, on a single Redis and on a
 * 3-master Redis Cluster. It measures:
 * - Redis memory per subscribed team (subscription + target), after its first quiet poll, and per open
 *   incident kept in the poll state;
 * - the scheduler's claim + commit cost: commits/s with the 16 shards in parallel, and redis-server CPU
 *   per claim+commit (summed over the cluster's masters);
 * - poll throughput of one poller process (bench/poll-worker-process.ts, as the bot polls) on each, with
 *   2,000 of the teams in a simulator process answering after 50 ms, at the poller's concurrency of 32,
 *   and its CPU per poll;
 * and prints the processes, cores and Redis needed for 100,000 and 1,000,000 teams at a 5 s poll interval.
 */
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { startPrivateRedis } from "../dev/local-redis";
import { addPollTarget } from "../src/alerts/engine/poll/poll-target";
import { encodePollState, type PollState } from "../src/alerts/kinds/registry";
import { keyspace } from "../src/store/keys";
import { PollTargetStore } from "../src/store/poll-target-store";
import { createRedisClient, mastersOf, type RedisClient } from "../src/store/redis-connection";
import { SubscriptionStore, subscriptionId } from "../src/store/subscription-store";
import { startRedisCluster } from "../test/support/redis-cluster";
import { cpuMeter, machineLine } from "./measure";
import { runPollWorker } from "./poll-worker-child";
import { startSimulatorProcess } from "./processes";
import { addQuietPollTargets, type SeededTeam, seedQuietTeams } from "./quiet-teams";

const TEAMS = Number(process.env.SCALE_TEAMS ?? 50_000);
const INTERVAL_S = 5;
const SLACK_TEAM = "T0SCALE";
const BATCH = 500;
/** The throughput part: teams in the simulator, its latency, the window (after a warm-up for the baselines). */
const POLL_TEAMS = 2_000;
const API_LATENCY_MS = 50;
const WARMUP_MS = 20_000;
const WINDOW_MS = 10_000;
const root = fileURLToPath(new URL("..", import.meta.url));

const quietState = (n: number): PollState => ({
  v: 1,
  baselined: true,
  tracked: {},
  floor: { started: "2025-01-01T00:00:00Z", id: String(100_000 + n) },
  checksSignature: `${"9f".repeat(10)}${n}`,
});

const withOpenIncident = (n: number): PollState => ({
  ...quietState(n),
  tracked: {
    [String(200_000 + n)]: {
      id: String(200_000 + n),
      monitorId: String(300_000 + n),
      started: "2025-01-01T00:00:00Z",
      ended: null,
      acknowledged: null,
      stage: "open",
      seen: 1_735_689_600_000,
    },
  },
});

interface Result {
  setup: string;
  bytesPerTeam: number;
  bytesPerTeamPolled: number;
  bytesPerOpenIncident: number;
  commitsPerSecond: number;
  redisCpuUsPerCommit: number;
  pollsPerSecond: number;
  cpuUsPerPoll: number;
}

export default async function scaleBench(): Promise<void> {
  console.log(machineLine());
  console.log(`${TEAMS} subscribed teams (one channel each), 16 scheduler shards`);
  const results: Result[] = [];
  const sim = await startSimulatorProcess({ seed: "empty", latencyMs: API_LATENCY_MS });
  try {
    const pollTeams = await seedQuietTeams(sim.url, POLL_TEAMS);
    const single = await startPrivateRedis();
    try {
      const client = new Redis(single.url);
      const result = await run("single Redis", client, [single.pid!]);
      const polls = await pollThroughput(client, { REDIS_URL: single.url }, sim.url, pollTeams);
      results.push({ ...result, ...polls });
      client.disconnect();
    } finally {
      await single.stop();
    }
    const cluster = await startRedisCluster({ masters: 3 });
    try {
      const client = createRedisClient({ clusterNodes: cluster.seedList });
      await new Promise((resolve) => client.once("ready", resolve));
      const pids = cluster.nodes.map((n) => n.pid());
      const result = await run("cluster, 3 masters", client, pids);
      const polls = await pollThroughput(client, { REDIS_CLUSTER_NODES: cluster.seeds }, sim.url, pollTeams);
      results.push({ ...result, ...polls });
      client.disconnect();
    } finally {
      await cluster.close();
    }
  } finally {
    await sim.child.stop();
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
  console.log(
    `${"setup".padEnd(20)} ${"per team".padStart(10)} ${"polled".padStart(10)} ${"open inc.".padStart(10)} ${"commits/s".padStart(10)} ${"Redis µs/commit".padStart(16)} ${"polls/s/process".padStart(16)} ${"µs CPU/poll".padStart(12)}`,
  );
  for (const r of results) {
    console.log(
      `${r.setup.padEnd(20)} ${kb(r.bytesPerTeam).padStart(10)} ${kb(r.bytesPerTeamPolled).padStart(10)} ${kb(r.bytesPerOpenIncident).padStart(10)} ${r.commitsPerSecond.toFixed(0).padStart(10)} ${r.redisCpuUsPerCommit.toFixed(1).padStart(16)} ${r.pollsPerSecond.toFixed(0).padStart(16)} ${r.cpuUsPerPoll.toFixed(0).padStart(12)}`,
    );
  }
  const plan = results[1]!;
  console.log(
    `\nSizing at a ${INTERVAL_S} s poll interval (from the cluster row; 1% of teams with an open incident):`,
  );
  for (const teams of [100_000, 1_000_000]) {
    const pollsPerSecond = teams / INTERVAL_S;
    const redisCores = (pollsPerSecond * plan.redisCpuUsPerCommit) / 1e6;
    const memory = teams * plan.bytesPerTeamPolled + teams * 0.01 * plan.bytesPerOpenIncident;
    // A poller process is bounded by its API concurrency (32 in flight / API latency) or by its CPU.
    const processes = Math.ceil(pollsPerSecond / plan.pollsPerSecond);
    const cores = (pollsPerSecond * plan.cpuUsPerPoll) / 1e6;
    console.log(
      `  ${teams.toLocaleString("en")} teams: ${pollsPerSecond.toLocaleString("en")} polls/s; ${cores.toFixed(1)} cores of poll CPU (${(1e6 / plan.cpuUsPerPoll).toFixed(0)} polls/s per core), and at 32 polls in flight against a ${API_LATENCY_MS} ms API ${processes} poller processes (${plan.pollsPerSecond.toFixed(0)} polls/s each); Redis CPU for the scheduler's claim+commit ${redisCores.toFixed(2)} cores (a master is one thread; at most ~50% each: ${Math.max(1, Math.ceil(redisCores / 0.5))} master(s)); Redis memory ${(memory / 1024 / 1024).toFixed(0)} MiB of data (x2 with one replica each)`,
    );
  }
}

async function usedMemory(redis: RedisClient): Promise<number> {
  let total = 0;
  for (const server of mastersOf(redis)) {
    total += Number(/^used_memory:(\d+)/m.exec(await server.info("memory"))?.[1] ?? 0);
  }
  return total;
}

async function run(
  setup: string,
  redis: RedisClient,
  serverPids: number[],
): Promise<Omit<Result, "pollsPerSecond" | "cpuUsPerPoll">> {
  const keys = keyspace(`scale:${Date.now()}:`);
  const scheduler = new PollTargetStore({ redis, keys });
  const subscriptions = new SubscriptionStore({ redis, keys });
  const workspace = { teamId: SLACK_TEAM };
  const filters = { monitors: [], groups: [] };
  const targets: string[] = [];

  const before = await usedMemory(redis);
  for (let from = 0; from < TEAMS; from += BATCH) {
    const added = await Promise.all(
      Array.from({ length: Math.min(BATCH, TEAMS - from) }, async (_, i) => {
        const n = from + i;
        const apiTeamId = String(1_000 + n);
        const ref = { teamId: SLACK_TEAM, userId: `U${n}` };
        const target = await addPollTarget(
          scheduler,
          {
            apiTeamId,
            token: `scale-token-${n}`,
            tokenRef: ref,
            subscriber: subscriptionId(workspace, `C${n}`, apiTeamId, filters),
          },
          0,
        );
        await subscriptions.create({
          workspace,
          channelId: `C${n}`,
          apiTeamId,
          filters,
          mention: null,
          subscriber: { userId: ref.userId, apiUserId: String(n + 1) },
          target,
        });
        return target;
      }),
    );
    targets.push(...added);
  }
  const seeded = await usedMemory(redis);

  const index = new Map(targets.map((t, n) => [t, n]));
  /** Claims every due target of every shard and commits it with `state(n)`; returns the commits. */
  const sweep = async (now: number, state: (n: number) => PollState) => {
    let commits = 0;
    await Promise.all(
      Array.from({ length: scheduler.shards }, async (_, shard) => {
        for (;;) {
          const claimed = await scheduler.claim(shard, now, 60_000, 200, "scale");
          if (claimed.length === 0) return;
          const done = await Promise.all(
            claimed.map((c) =>
              scheduler.commit(shard, c.target, c.leaseToken, {
                now,
                state: encodePollState(state(index.get(c.target)!)),
                nextDueAt: now + 1,
                failures: "reset",
              }),
            ),
          );
          commits += done.filter(Boolean).length;
        }
      }),
    );
    return commits;
  };

  // First poll of every team (quiet), then a timed sweep with the same state (the steady state).
  await sweep(10, quietState);
  const polled = await usedMemory(redis);
  const meters = serverPids.map((pid) => cpuMeter(pid));
  const t0 = performance.now();
  const commits = await sweep(20, quietState);
  const seconds = (performance.now() - t0) / 1000;
  const redisCpuSeconds = meters.reduce((a, m) => a + m.seconds(), 0);
  if (commits !== TEAMS) throw new Error(`${setup}: ${commits} commits, expected ${TEAMS}`);
  await sweep(30, withOpenIncident);
  const open = await usedMemory(redis);
  return {
    setup,
    bytesPerTeam: (seeded - before) / TEAMS,
    bytesPerTeamPolled: (polled - before) / TEAMS,
    bytesPerOpenIncident: (open - polled) / TEAMS,
    commitsPerSecond: commits / seconds,
    redisCpuUsPerCommit: (redisCpuSeconds * 1e6) / commits,
  };
}

/** One poller process on these teams (due every second: more than it can do), measured in a window. */
async function pollThroughput(
  redis: RedisClient,
  env: Record<string, string>,
  simUrl: string,
  teams: SeededTeam[],
): Promise<{ pollsPerSecond: number; cpuUsPerPoll: number }> {
  const prefix = `scale-poll:${Date.now()}:`;
  await addQuietPollTargets(redis, prefix, teams);
  const measureFrom = Date.now() + WARMUP_MS;
  const report = await runPollWorker(
    "bench/poll-worker-process.ts",
    ["--import", "tsx"],
    {
      ...env,
      UPTIME_API_URL: simUrl,
      KEY_PREFIX: prefix,
      POLL_INTERVAL_MS: "1000",
      MEASURE_FROM: String(measureFrom),
      MEASURE_MS: String(WINDOW_MS),
    },
    root,
  );
  if (report.pollErrors > 0) throw new Error(`poll worker: ${report.pollErrors} poll errors`);
  return {
    pollsPerSecond: report.polls / (WINDOW_MS / 1000),
    cpuUsPerPoll: (report.cpuSeconds * 1e6) / Math.max(1, report.polls),
  };
}
