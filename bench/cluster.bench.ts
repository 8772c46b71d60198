/**
 * `npm run bench -- cluster`: what the scheduler's claim and commit cost on a single Redis, on a Redis
 * Cluster of 3 masters with a replica each (REDIS_CLUSTER_NODES), and on that cluster with `WAIT 1 100`
 * after each commit (issue 12: would the outbox need WAIT to survive a failover, and what would it cost
 * per poll). Two measures per setup:
 * - throughput: every target of every shard claimed and committed (one state write and one outbox event
 *   each) in rounds, the shards in parallel, commits of one shard pipelined as the poll worker does;
 * - latency: one claim + commit at a time (a single poll's own cost), p50 and p99.
 * The single Redis is the limit the cluster rows are compared with.
 */
import { Redis } from "ioredis";
import { startPrivateRedis } from "../dev/local-redis";
import { keyspace } from "../src/store/keys";
import { PollTargetStore } from "../src/store/poll-target-store";
import { createRedisClient, type RedisClient } from "../src/store/redis-connection";
import { shardOf } from "../src/store/shard-of";
import { startRedisCluster } from "../test/support/redis-cluster";
import { machineLine, measure, percentile } from "./measure";

const TARGETS = 4_000;
const ROUNDS = 10;
const LATENCY_SAMPLES = 1_000;
const SHARDS = 16;
const EVENT = JSON.stringify({
  v: 1,
  type: "opened",
  incidentId: "123456",
  monitorId: "42",
  monitorName: "checkout-api.example.com",
  cause: "Connection timeout after 30 s from 3 locations",
  startedAt: "2025-01-01T00:00:00.000Z",
});
const STATE = JSON.stringify({ v: 1, checks: "a".repeat(40), incidents: [{ id: "123456", status: "open" }] });

interface Row {
  setup: string;
  commitsPerSecond: number;
  p50: number;
  p99: number;
  cpu: number;
}

export default async function clusterBench(): Promise<void> {
  console.log(machineLine());
  const single = await startPrivateRedis();
  const cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 1 });
  const rows: Row[] = [];
  try {
    rows.push(await run("single Redis", new Redis(single.url), false));
    const seeds = { clusterNodes: cluster.seedList };
    rows.push(await run("cluster, 3 masters + 3 replicas", createRedisClient(seeds), false));
    rows.push(await run("cluster + WAIT 1 100 per commit", createRedisClient(seeds), true));
  } finally {
    await cluster.close();
    await single.stop();
  }
  const base = rows[0]!;
  console.log(
    `${"setup".padEnd(34)} ${"commits/s".padStart(10)} ${"vs single".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"bench CPU".padStart(9)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.setup.padEnd(34)} ${row.commitsPerSecond.toFixed(0).padStart(10)} ${(row.commitsPerSecond / base.commitsPerSecond).toFixed(2).padStart(9)} ${row.p50.toFixed(2).padStart(7)} ${row.p99.toFixed(2).padStart(7)} ${`${row.cpu.toFixed(0)}%`.padStart(9)}`,
    );
  }
  const wait = rows[2]!;
  const plain = rows[1]!;
  console.log(
    `WAIT per poll: +${(wait.p50 - plain.p50).toFixed(2)} ms p50, +${(wait.p99 - plain.p99).toFixed(2)} ms p99 on one poll; pipelined commits/s ${wait.commitsPerSecond.toFixed(0)} with WAIT vs ${plain.commitsPerSecond.toFixed(0)} without (${(wait.commitsPerSecond / plain.commitsPerSecond).toFixed(2)}x)`,
  );
}

async function run(setup: string, redis: RedisClient, withWait: boolean): Promise<Row> {
  const keys = keyspace(`bench:cluster:${Date.now()}:`);
  const store = new PollTargetStore({ redis, keys, shards: SHARDS });
  const targets = Array.from({ length: TARGETS }, (_, i) => `team:${i}:benchhash`);
  for (let i = 0; i < targets.length; i += 500) {
    await Promise.all(
      targets.slice(i, i + 500).map((t) => store.add(t, { subscriber: "s", group: `g${t.length}` }, 0)),
    );
  }
  // WAIT has no key: a pipeline with a keyed command sends it to the master of that shard's slot.
  const waitFor = (shard: number) =>
    redis.pipeline().exists(keys.pollDue(shard)).call("WAIT", "1", "100").exec();

  const roundOfShard = async (shard: number, now: number, nextDueAt: number) => {
    const claimed = await store.claim(shard, now, 30_000, TARGETS, "bench");
    const results = await Promise.all(
      claimed.map((c) =>
        store.commit(shard, c.target, c.leaseToken, {
          now,
          state: STATE,
          nextDueAt,
          failures: "reset",
          events: [EVENT],
        }),
      ),
    );
    if (withWait && claimed.length > 0) await waitFor(shard);
    if (results.some((ok) => !ok)) throw new Error("a commit was refused");
    return claimed.length;
  };

  let commits = 0;
  const { usage } = await measure(async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const now = round * 60_000;
      // Due again at once, except after the last round: the latency samples below find only their own target.
      const nextDueAt = round === ROUNDS ? 2 ** 50 : now;
      const counts = await Promise.all(
        Array.from({ length: SHARDS }, (_, shard) => roundOfShard(shard, now, nextDueAt)),
      );
      commits += counts.reduce((a, b) => a + b, 0);
    }
  });
  if (commits !== TARGETS * ROUNDS)
    throw new Error(`${setup}: ${commits} commits, expected ${TARGETS * ROUNDS}`);

  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const target = `team:latency${i}:benchhash`;
    const shard = shardOf(target, SHARDS);
    const now = (ROUNDS + 1) * 60_000 + i;
    await store.add(target, { subscriber: "s", group: "latency" }, 0);
    const t0 = performance.now();
    const [claim] = await store.claim(shard, now, 30_000, 1, "bench");
    if (claim?.target !== target) throw new Error(`${target} was not claimed`);
    await store.commit(shard, target, claim.leaseToken, {
      now,
      state: STATE,
      nextDueAt: 2 ** 50,
      failures: "reset",
      events: [EVENT],
    });
    if (withWait) await waitFor(shard);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  redis.disconnect();
  return {
    setup,
    commitsPerSecond: commits / (usage.wallMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpu: usage.cpuPercentOfOneCore,
  };
}
