import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Cluster } from "ioredis";
import { describe, expect, inject, it } from "vitest";
import { freePort, spawnRedisServer } from "../../../dev/local-redis";
import { keyspace } from "../../../src/store/keys";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import {
  blockingConnection,
  connectRedis,
  createRedisClient,
  mastersOf,
  parseClusterNodes,
  RedisNotReadyError,
} from "../../../src/store/redis-connection";
import { shardOf } from "../../../src/store/shard-of";
import { onCluster, testRedis } from "../../support/redis";
import { startTcpProxy } from "../../support/tcp-proxy";

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
      const store = new PollTargetStore({ redis, keys });
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

describe("a Redis command is timed (REDIS_COMMAND_TIMEOUT_MS)", () => {
  /** The command's outcome, or "still waiting" once `guardMs` passed without one. */
  const settled = (command: Promise<unknown>, guardMs: number) =>
    Promise.race([
      command.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), guardMs).unref()),
    ]);

  it("fails with a timeout when Redis takes the command and never answers", async ({ skip }) => {
    // A proxy in front of the single Redis: the cluster project has no one-server URL to put it before.
    if (onCluster()) skip();
    const url = new URL(inject("redisUrl"));
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    const redis = await connectRedis({ url: proxy.url }, undefined, { commandTimeoutMs: 200 });
    try {
      expect(await redis.ping()).toBe("PONG");
      proxy.swallowReplies = true;
      // The guard is far above the timeout: reaching it means the command would wait forever.
      expect(await settled(redis.get("some-key"), 5_000)).toEqual({ error: "Command timed out" });
      expect(proxy.swallowedBytes).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
      await proxy.close();
    }
  });

  it("counts a blocking read's block on top, on the connection of blockingConnection()", async () => {
    const { redis: shared, prefix } = testRedis();
    const target = onCluster()
      ? { clusterNodes: parseClusterNodes(inject("redisClusterNodes")!) }
      : { url: inject("redisUrl") };
    const redis = createRedisClient(target, { commandTimeoutMs: 200 });
    const stream = `${prefix}{outbox}:empty`;
    await shared.xgroup("CREATE", stream, "g", "0", "MKSTREAM");
    const read = (connection: typeof redis) =>
      connection.xreadgroup("GROUP", "g", "c", "COUNT", 1, "BLOCK", 600, "STREAMS", stream, ">");
    const blocking = blockingConnection(redis, 600);
    const plain = redis.duplicate();
    try {
      // An empty stream: the block runs out and Redis answers null, after longer than the command timeout.
      expect(await settled(read(blocking), 5_000)).toEqual({ value: null });
      // The same read on a connection with the plain timeout would be taken for a stuck Redis.
      expect(await settled(read(plain), 5_000)).toEqual({ error: "Command timed out" });
    } finally {
      blocking.disconnect();
      plain.disconnect();
      redis.disconnect();
    }
  });
});
