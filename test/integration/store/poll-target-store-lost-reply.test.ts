// A claim leases targets in Redis before its reply reaches the worker. When the connection drops in
// between, those targets must not wait out their lease unpolled (an outage on them alerted up to a lease
// late): the same claim, run again, answers them. A commit's lost reply, sent again, is its own commit,
// not a lease another worker took over.
import { afterEach, describe, expect, inject, it } from "vitest";
import { keyspace } from "../../../src/store/keys";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import type { ClaimedTarget } from "../../../src/store/poll-target-types";
import { createRedisClient, type RedisClient } from "../../../src/store/redis-connection";
import { scanKeysWithPrefix } from "../../../src/store/redis-helpers";
import { scriptRunner } from "../../../src/store/scripts";
import { shardOf } from "../../../src/store/shard-of";
import { onCluster, testRedis } from "../../support/redis";
import { startTcpProxy, type TcpProxy } from "../../support/tcp-proxy";
import { eventually } from "../../support/wait-for";

const T = Date.parse("2025-01-01T00:00:00Z");
const LEASE = 30_000;
const SHARDS = 4;

function targetsIn(shard: number, count: number, tag: string): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count; i++) {
    const target = `team:${tag}${i}:hash`;
    if (shardOf(target, SHARDS) === shard) found.push(target);
  }
  return found;
}

/** Five due targets in shard 1, and the names of those leased at any moment (read with `redis`). */
async function fiveDue(store: PollTargetStore, redis: RedisClient, prefix: string) {
  const keys = keyspace(prefix);
  const targets = targetsIn(1, 5, "lost");
  for (const target of targets) await store.add(target, { subscriber: "C1", group: "tok" }, T);
  const leased = async () => {
    const held: string[] = [];
    for (const target of targets) {
      // A commit empties the lease field.
      if (await redis.hget(keys.pollTarget(1, target), "lease")) held.push(target);
    }
    return held;
  };
  return { targets, leased };
}

const names = (claimed: readonly ClaimedTarget[]) => claimed.map((c) => c.target).sort();

/**
 * Connects clients to the test's Redis through a proxy that can lose replies (test/support/tcp-proxy.ts),
 * each closed after its test with its proxy.
 */
function proxiedRedis(): () => Promise<{ proxy: TcpProxy; redis: RedisClient }> {
  let proxy: TcpProxy | undefined;
  const clients: RedisClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await proxy?.close();
    proxy = undefined;
  });
  return async () => {
    const url = new URL(inject("redisUrl"));
    const opened = await startTcpProxy({ host: url.hostname, port: Number(url.port || 6379) });
    proxy = opened;
    const redis = createRedisClient({ url: opened.url });
    clients.push(redis);
    return { proxy: opened, redis };
  };
}

describe("a claim run again (claim-n.lua)", () => {
  it("answers the targets the first run leased and still holds, under a renewed lease, and leases no others", async () => {
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    const store = new PollTargetStore({ redis, keys, shards: SHARDS });
    const { leased } = await fiveDue(store, redis, prefix);
    const scripts = scriptRunner(redis);
    const stem = "w1:test-claim";
    const claimKeys = [
      keys.pollDue(1),
      keys.pollTargetPrefix(1),
      keys.pollCoolDownPrefix(1),
      keys.pollClaimRecord(1, stem),
    ];
    const [first] = await scripts.run("claim", claimKeys, [T, T + LEASE, 3, stem]);
    expect(first).toHaveLength(3);
    const [a, b, c] = first!;
    // b is polled and committed in between: it is no longer this claim's.
    await store.commit(1, b![0], `${stem}:${b![1]}`, { now: T, nextDueAt: T + 60_000, failures: "reset" });

    const later = T + 1_000;
    const [again] = await scripts.run("claim", claimKeys, [later, later + LEASE, 3, stem]);
    // The same targets, their incident read answered due again (the first answer may have been lost).
    expect(first!.map((t) => t[6])).toEqual([T, T, T]);
    expect(again).toEqual([a, c].map((t) => [...t!.slice(0, 6), later]));
    expect((await leased()).sort()).toEqual([a![0], c![0]].sort());
    expect(Number(await redis.zscore(keys.pollDue(1), a![0]))).toBe(later + LEASE);
    // The record lives as long as the leases it lists.
    const ttl = await redis.pttl(keys.pollClaimRecord(1, stem));
    expect(ttl).toBeGreaterThan(0);

    // Another claim leases the two others, as before.
    const other = await store.claim(1, later, LEASE, 10, "w2");
    expect(other.map((t) => t.target)).not.toContain(a![0]);
    expect(other).toHaveLength(2);
  });
});

describe("claim records", () => {
  it("a worker keeps the record of its last claim only: the next claim of the same shards drops it", async () => {
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    const store = new PollTargetStore({ redis, keys, shards: SHARDS });
    await fiveDue(store, redis, prefix);
    const records = async () => {
      let count = 0;
      for await (const found of scanKeysWithPrefix(redis, `${prefix}{p:1}:claim:`)) count += found.length;
      return count;
    };

    expect(await store.claim(1, T, LEASE, 2, "w1")).toHaveLength(2);
    expect(await records()).toBe(1);
    expect(await store.claim(1, T, LEASE, 2, "w1")).toHaveLength(2);
    expect(await records()).toBe(1);
    // Another worker's claim keeps its own record; w1's stays until w1 claims again.
    expect(await store.claim(1, T, LEASE, 2, "w2")).toHaveLength(1);
    expect(await records()).toBe(2);
    // A claim that leases nothing writes no record, and still drops the last one.
    expect(await store.claim(1, T, LEASE, 2, "w1")).toEqual([]);
    expect(await records()).toBe(1);
  });
});

describe("a claim whose reply is lost with the connection", () => {
  const connect = proxiedRedis();

  /** A store on a client that reaches the test's Redis through a proxy that can lose replies. */
  async function throughProxy() {
    const { redis: admin, prefix } = testRedis();
    const { proxy: open, redis } = await connect();
    const store = new PollTargetStore({ redis, keys: keyspace(prefix), shards: SHARDS });
    const due = await fiveDue(store, admin, prefix);
    // The claim script is loaded before the test (a first EVALSHA answers NOSCRIPT, then EVAL runs it).
    expect(await store.claim(0, T, LEASE, 3, "w0")).toEqual([]);
    /** w1 claims 3 targets of shard 1 with replies swallowed; `lost`: what Redis leased to that claim. */
    const claimLosingReply = async () => {
      open.swallowReplies = true;
      const claim = store.claim(1, T, LEASE, 3, "w1");
      const lost = await eventually(async () => {
        // Leased in Redis, and its reply held back at the proxy (not still on its way there).
        const held = await due.leased();
        return held.length === 3 && open.swallowedBytes > 0 ? held : undefined;
      }, 5_000);
      return { claim, lost };
    };
    return { store, redis, proxy: open, claimLosingReply, ...due };
  }

  it("is sent again by ioredis after it reconnects, and answers the targets the lost run leased", async ({
    skip,
  }) => {
    // Single Redis only: the Cluster client connects to the addresses CLUSTER SLOTS gives, past a proxy.
    if (onCluster()) skip();
    const { proxy, leased, claimLosingReply } = await throughProxy();
    // The claim ran in Redis; its reply is lost with the connection.
    const { claim, lost } = await claimLosingReply();
    proxy.swallowReplies = false;
    proxy.cut();
    const claimed = await claim;
    expect(proxy.swallowedBytes).toBeGreaterThan(0);
    expect(names(claimed)).toEqual(lost.sort());
    expect((await leased()).sort()).toEqual(lost.sort());
  });

  it("when it fails instead, is repeated by the worker's next claim of the same shards", async ({ skip }) => {
    // Single Redis only: the Cluster client connects to the addresses CLUSTER SLOTS gives, past a proxy.
    if (onCluster()) skip();
    const { store, redis, proxy, claimLosingReply } = await throughProxy();
    const { claim, lost } = await claimLosingReply();
    // A client closed with commands in flight fails them (ioredis sends them again only on a reconnect).
    redis.disconnect();
    await expect(claim).rejects.toThrow(/Connection is closed/);
    proxy.swallowReplies = false;
    await redis.connect();

    // Another worker's claim is its own; then w1's next claim repeats the failed one.
    expect(await store.claim(1, T + 1_000, LEASE, 1, "w2")).toHaveLength(1);
    const again = await store.claim(1, T + 1_000, LEASE, 3, "w1");
    expect(names(again)).toEqual(lost.sort());
    // Once it worked, the next claim is a new one: it leases what is still due (the fifth target).
    const next = await store.claim(1, T + 1_000, LEASE, 3, "w1");
    expect(next).toHaveLength(1);
    expect(lost).not.toContain(next[0]!.target);
  });
});

describe("a commit whose reply is lost with the connection", () => {
  const connect = proxiedRedis();

  it("is sent again by ioredis and counted as committed, not as a lease taken over; nothing is written twice", async ({
    skip,
  }) => {
    // Single Redis only: the Cluster client connects to the addresses CLUSTER SLOTS gives, past a proxy.
    if (onCluster()) skip();
    const { redis: admin, prefix } = testRedis();
    const keys = keyspace(prefix);
    const { proxy: open, redis } = await connect();
    const store = new PollTargetStore({ redis, keys, shards: SHARDS });
    const [alerting, quiet] = targetsIn(1, 2, "commit");
    for (const target of [alerting!, quiet!]) await store.add(target, { subscriber: "C1", group: "tok" }, T);
    const claimed = await store.claim(1, T, LEASE, 2, "w1");
    const byName = new Map(claimed.map((c) => [c.target, c.leaseToken]));
    // Both commit scripts loaded before the test (a first EVALSHA answers NOSCRIPT, then EVAL runs it).
    const refused = { now: T, nextDueAt: T, failures: "reset" } as const;
    expect(await store.commit(1, quiet!, "not-mine", refused)).toBe(false);
    expect(await store.commit(1, quiet!, "not-mine", { ...refused, state: "{}" })).toBe(false);

    open.swallowReplies = true;
    const commits = Promise.all([
      store.commit(1, alerting!, byName.get(alerting!)!, {
        now: T,
        nextDueAt: T + 5_000,
        failures: "reset",
        state: '{"open":1}',
        events: ['{"type":"outage"}'],
      }),
      store.commit(1, quiet!, byName.get(quiet!)!, { now: T, nextDueAt: T + 6_000, failures: "reset" }),
    ]);
    // Both landed in Redis, and replies reached the proxy (a cut before they do would lose them as well,
    // but then the proxy could not show it); they are lost with the connection.
    await eventually(async () => {
      const landed = await admin.zmscore(keys.pollDue(1), alerting!, quiet!);
      const both = landed[0] === String(T + 5_000) && landed[1] === String(T + 6_000);
      return both && open.swallowedBytes > 0 ? true : undefined;
    }, 5_000);
    open.swallowReplies = false;
    open.cut();

    expect(await commits).toEqual([true, true]);
    expect(open.swallowedBytes).toBeGreaterThan(0);
    expect(await admin.xlen(keys.alertOutbox(1))).toBe(1);
    expect(await store.inspect(alerting!)).toMatchObject({
      leased: false,
      state: '{"open":1}',
      dueAt: T + 5_000,
    });
    // A commit under a lease that was never this worker's is still refused.
    expect(await store.commit(1, quiet!, `${byName.get(quiet!)!}-other`, refused)).toBe(false);
  });
});
