/**
 * `npm run bench -- scale` (issue 12, section 3, Redis part): 50,000 subscribed teams (`SCALE_TEAMS`), each a
 * channel subscription and its poll target as `/uptime subscribe` writes them, on a single Redis and on a
 * 3-master Redis Cluster. It measures:
 * - Redis memory per subscribed team (subscription + target), after its first quiet poll, and per open
 *   incident kept in the poll state;
 * - the scheduler's claim + commit cost: commits/s with the 16 shards in parallel, and redis-server CPU
 *   per claim+commit (summed over the cluster's masters);
 * and prints the Redis cores and memory needed for 100,000 and 1,000,000 teams at a 5 s poll interval.
 * Poll throughput per bot process (the API side of a poll) is `npm run bench -- alerts`.
 */
import { Redis } from "ioredis";
import { encodePollState, type PollState } from "../src/alerts/poll/poll-state";
import { addPollTarget } from "../src/alerts/poll/poller";
import { startPrivateRedis } from "../src/lib/local-redis";
import { keyspace } from "../src/store/keys";
import { createRedisClient, mastersOf, type RedisClient } from "../src/store/redis-connection";
import { SchedulerStore } from "../src/store/scheduler";
import { SubscriptionStore, subscriptionId } from "../src/store/subscription-store";
import { startRedisCluster } from "../test/support/redis-cluster";
import { cpuMeter, machineLine } from "./measure";

const TEAMS = Number(process.env.SCALE_TEAMS ?? 50_000);
const INTERVAL_S = 5;
const SLACK_TEAM = "T0SCALE";
const BATCH = 500;

const quietState = (n: number): PollState => ({
  v: 1,
  baselined: true,
  tracked: {},
  floor: { started: "2025-01-01T00:00:00Z", id: String(100_000 + n) },
  checksSignature: `${"9f".repeat(10)}${n}`,
  incidentsFetchedAt: 1_735_689_600_000,
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
}

export default async function scaleBench(): Promise<void> {
  console.log(machineLine());
  console.log(`${TEAMS} subscribed teams (one channel each), 16 scheduler shards`);
  const results: Result[] = [];
  const single = await startPrivateRedis();
  try {
    results.push(await run("single Redis", new Redis(single.url), [single.pid!]));
  } finally {
    await single.stop();
  }
  const cluster = await startRedisCluster({ masters: 3 });
  try {
    const client = createRedisClient({ clusterNodes: cluster.seedList });
    await new Promise((resolve) => client.once("ready", resolve));
    results.push(
      await run(
        "cluster, 3 masters",
        client,
        cluster.nodes.map((n) => n.pid()),
      ),
    );
  } finally {
    await cluster.close();
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
  console.log(
    `${"setup".padEnd(20)} ${"per team".padStart(10)} ${"polled".padStart(10)} ${"open inc.".padStart(10)} ${"commits/s".padStart(10)} ${"Redis µs/commit".padStart(16)}`,
  );
  for (const r of results) {
    console.log(
      `${r.setup.padEnd(20)} ${kb(r.bytesPerTeam).padStart(10)} ${kb(r.bytesPerTeamPolled).padStart(10)} ${kb(r.bytesPerOpenIncident).padStart(10)} ${r.commitsPerSecond.toFixed(0).padStart(10)} ${r.redisCpuUsPerCommit.toFixed(1).padStart(16)}`,
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
    console.log(
      `  ${teams.toLocaleString("en")} teams: ${pollsPerSecond.toLocaleString("en")} polls/s; Redis CPU for the scheduler's claim+commit ${redisCores.toFixed(2)} cores (a master is one thread; at most ~50% each: ${Math.max(1, Math.ceil(redisCores / 0.5))} master(s)); Redis memory ${(memory / 1024 / 1024).toFixed(0)} MiB of data (x2 with one replica each)`,
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

async function run(setup: string, redis: RedisClient, serverPids: number[]): Promise<Result> {
  const keys = keyspace(`scale:${Date.now()}:`);
  const scheduler = new SchedulerStore({ redis, keys });
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
  redis.disconnect();
  return {
    setup,
    bytesPerTeam: (seeded - before) / TEAMS,
    bytesPerTeamPolled: (polled - before) / TEAMS,
    bytesPerOpenIncident: (open - polled) / TEAMS,
    commitsPerSecond: commits / seconds,
    redisCpuUsPerCommit: (redisCpuSeconds * 1e6) / commits,
  };
}
