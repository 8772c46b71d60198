import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Cluster } from "ioredis";
import { describe, expect, inject, it } from "vitest";
import { freePort, spawnRedisServer } from "../../../src/lib/local-redis";
import { keyspace } from "../../../src/store/keys";
import {
  connectRedis,
  mastersOf,
  parseClusterNodes,
  RedisNotReadyError,
} from "../../../src/store/redis-connection";
import { SchedulerStore, shardOf } from "../../../src/store/scheduler";
import { onCluster, testRedis } from "../../support/redis";

const T = Date.parse("2025-01-01T00:00:00Z");

/** A target name per shard (targets are spread by FNV-1a, so a few tries find each). */
function onePerShard(shards: number): string[] {
  const found = new Map<number, string>();
  for (let i = 0; found.size < shards; i++) {
    const target = `team:${i}:hash`;
    found.set(shardOf(target, shards), found.get(shardOf(target, shards)) ?? target);
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, target]) => target);
}

describe("the bot's Redis connection on a cluster (REDIS_CLUSTER_NODES)", () => {
  it("connects with the Cluster client and runs every scheduler script on every master", async ({ skip }) => {
    // Runs in the `cluster` project only: the `integration` project has a single Redis to connect to.
    if (!onCluster()) skip();
    const redis = await connectRedis({ clusterNodes: parseClusterNodes(inject("redisClusterNodes")!) });
    try {
      expect(redis).toBeInstanceOf(Cluster);
      const { prefix } = testRedis();
      const keys = keyspace(prefix);
      const store = new SchedulerStore({ redis, keys });
      const targets = onePerShard(store.shards);
      // The 16 shards' hash tags land on every master, so each master loads and runs the scripts.
      const slotOwners = await Promise.all(
        targets.map(async (_, shard) => {
          const slot = Number(await redis.cluster("KEYSLOT", keys.pollDue(shard)));
          return (redis as Cluster).slots[slot]?.[0];
        }),
      );
      expect(new Set(slotOwners).size).toBe(mastersOf(redis).length);
      expect(mastersOf(redis)).toHaveLength(3);

      await Promise.all(targets.map((t, i) => store.add(t, { subscriber: `s${i}`, group: "g" }, T)));
      const claims = await Promise.all(targets.map((_, shard) => store.claim(shard, T, 10_000, 5, "w1")));
      expect(claims.map((c) => c.length)).toEqual(targets.map(() => 1));
      // Committed in the same turn: one pipeline per shard (one slot each), all accepted.
      const committed = await Promise.all(
        claims.map(([claim], shard) =>
          store.commit(shard, claim!.target, claim!.leaseToken, {
            now: T,
            state: `{"n":${shard}}`,
            nextDueAt: T + 5_000,
            failures: "reset",
            events: [`{"shard":${shard}}`],
          }),
        ),
      );
      expect(committed.every(Boolean)).toBe(true);
      for (const [shard, target] of targets.entries()) {
        expect((await store.inspect(target))?.state).toBe(`{"n":${shard}}`);
        expect(await redis.xlen(store.outboxKey(shard))).toBe(1);
      }
      // A 429 cool-down reaches the group's key in every shard, on every master.
      await store.coolDown("g", T + 60_000, T);
      const claimedDuringCoolDown = await Promise.all(
        targets.map((_, shard) => store.claim(shard, T + 10_000, 10_000, 5, "w2")),
      );
      expect(claimedDuringCoolDown.flat()).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});

describe("fails fast, with one line, when the cluster cannot serve", () => {
  const connectError = async (seeds: string) => {
    const error = await connectRedis({ clusterNodes: parseClusterNodes(seeds) }, 5_000).catch((e) => e);
    expect(error).toBeInstanceOf(RedisNotReadyError);
    expect((error as Error).message).not.toContain("\n");
    return (error as Error).message;
  };

  it("when no seed answers", async ({ skip }) => {
    // Runs in the `integration` project only: it starts the failing seeds itself; the cluster project adds nothing.
    if (onCluster()) skip();
    const [a, b] = [await freePort(), await freePort()];
    expect(await connectError(`127.0.0.1:${a},127.0.0.1:${b}`)).toMatch(
      new RegExp(
        `^no seed of REDIS_CLUSTER_NODES answered \\(127\\.0\\.0\\.1:${a}, 127\\.0\\.0\\.1:${b}\\): .*ECONNREFUSED`,
      ),
    );
  });

  it("when the seed is a single Redis, not a cluster node", async ({ skip }) => {
    // Runs in the `integration` project only: it starts the failing seeds itself; the cluster project adds nothing.
    if (onCluster()) skip();
    const url = new URL(inject("redisUrl"));
    expect(await connectError(`${url.hostname}:${url.port || 6379}`)).toMatch(
      /is not a cluster node \(cluster-enabled no\); use REDIS_URL for a single Redis$/,
    );
  });

  it("when the cluster's state is not ok (no slots assigned)", async ({ skip }) => {
    // Runs in the `integration` project only: it starts the failing seeds itself; the cluster project adds nothing.
    if (onCluster()) skip();
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), "uptime-chatops-cluster-fail-"));
    const node = await spawnRedisServer(port, dir, [
      "--cluster-enabled",
      "yes",
      "--cluster-port",
      String(await freePort()),
      "--appendonly",
      "no",
    ]);
    try {
      expect(await connectError(`127.0.0.1:${port}`)).toBe(
        `Redis Cluster is not ready: 127.0.0.1:${port} reports cluster_state:fail (are all 16384 slots assigned and every master up?)`,
      );
    } finally {
      node.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
